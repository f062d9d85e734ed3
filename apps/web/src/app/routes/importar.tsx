import { Navigate, useParams } from 'react-router';
import { ExigePermissao } from '@/components/sem-permissao';
import { ImportarPlanilha } from '@/features/importacao/components/importar-planilha';

/**
 * /importar/clientes and /importar/produtos (issue 39): a spreadsheet of customers or products,
 * for who may back up and import ("backup e importação"). Another kind in the address goes to the
 * customers' import.
 */
export function Component() {
  const { tipo } = useParams();
  if (tipo !== 'clientes' && tipo !== 'produtos') return <Navigate to="/importar/clientes" replace />;
  return (
    <ExigePermissao permissao="backup" pagina={tipo}>
      {/* Keyed by kind: from customers to products, the steps start over. */}
      <ImportarPlanilha key={tipo} tipo={tipo} />
    </ExigePermissao>
  );
}
