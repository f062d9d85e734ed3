export * from './auth';
export * from './sistema';
export * from './tenancy';
export * from './perfis';
export * from './negocio';
export * from './portal';
export * from './rollups';
