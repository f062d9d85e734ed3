import { today } from '@caderneta/shared';
import type { RelatorioAba } from '@caderneta/shared/relatorios';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ExigePermissao } from '@/components/sem-permissao';
import { useSession } from '@/lib/session';
import { Abas } from '@/features/relatorios/components/abas';
import { ClientesAba } from '@/features/relatorios/components/clientes-aba';
import { FinanceiroAba } from '@/features/relatorios/components/financeiro-aba';
import { PeriodoLegenda, PeriodoSelect } from '@/features/relatorios/components/periodo-select';
import { ProdutosAba } from '@/features/relatorios/components/produtos-aba';
import { ResumoAba } from '@/features/relatorios/components/resumo-aba';
import { VendasAba } from '@/features/relatorios/components/vendas-aba';
import { lerEscolha, paramsDe, periodoDaEscolha, type EscolhaPeriodo } from '@/features/relatorios/periodo';

const ABAS: Record<RelatorioAba, (props: { escolha: EscolhaPeriodo }) => ReactNode> = {
  resumo: ResumoAba,
  vendas: VendasAba,
  clientes: ClientesAba,
  produtos: ProdutosAba,
  financeiro: FinanceiroAba,
};

/** /relatorios: for who may see the reports (`ver_relatorios`). */
export function Component() {
  return (
    <ExigePermissao permissao="ver_relatorios" pagina="relatorios">
      <Relatorios />
    </ExigePermissao>
  );
}

/** A period (URL `?periodo=` or `?mes=`) and five tabs (`&aba=`), each with its own figures and CSV. */
function Relatorios() {
  const { t } = useTranslation('relatorios');
  const { perfil } = useSession();
  const hoje = today(perfil.fusoHorario);
  const [params, setParams] = useSearchParams();
  const { escolha, aba } = lerEscolha(params, hoje);
  const Aba = ABAS[aba];

  const navegar = (proxima: { escolha?: EscolhaPeriodo; aba?: RelatorioAba }) =>
    setParams(paramsDe(proxima.escolha ?? escolha, proxima.aba ?? aba), { replace: true });

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <PeriodoSelect escolha={escolha} hoje={hoje} onChange={(e) => navegar({ escolha: e })} />
        <PeriodoLegenda periodo={periodoDaEscolha(escolha, hoje)} />
      </div>
      <Abas aba={aba} onChange={(a) => navegar({ aba: a })}>
        <Aba escolha={escolha} />
      </Abas>
    </>
  );
}
