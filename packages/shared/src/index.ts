export * from './money';
export * from './dates';
export * from './errors';
export * from './schemas/auth';
export * from './schemas/perfil';
export * from './estoque';
export * from './notificacoes';
export * from './schemas/pagination';
