export * from './campos';
export { sugerirMapeamento } from './mapeamento';
export { lerClientes, lerProdutos } from './linhas';
export { dataDoSerialExcel, validarCpf } from './celulas';
