export * from './campos';
export { sugerirMapeamento } from './mapeamento';
export { lerClientes, lerProdutos } from './linhas';
export { validarCpf } from './celulas';
