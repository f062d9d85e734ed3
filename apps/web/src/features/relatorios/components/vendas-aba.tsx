import type { RelatorioVendas } from '@caderneta/shared/schemas/relatorios';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '@/lib/format';
import { useColunasPorForma } from './colunas-por-forma';
import { useRelatorio } from '../api/get-relatorio';
import { dinheiroCompacto } from '../eixo';
import type { EscolhaPeriodo } from '../periodo';
import { EstadoAba, PeriodoVazio } from './estado-aba';
import { FiguraComparada, Secao } from './figura';
import { Grafico } from './grafico';
import { Tabela } from './tabela';

type DiaSemana = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export function VendasAba({ escolha }: { escolha: EscolhaPeriodo }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const eixo = dinheiroCompacto(fmt.currency);
  const colunasPorForma = useColunasPorForma();
  const query = useRelatorio('vendas', escolha);
  const curto = new Intl.DateTimeFormat(fmt.locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const diaCurto = (data: string) => curto.format(new Date(`${data}T12:00:00Z`));
  const colunasMedida = <R extends { quantidade: number; valor: number }>(primeira: string, rotulo: (r: R) => ReactNode) => [
    { header: primeira, cell: rotulo },
    { header: t('tabela.vendas'), cell: (r: R) => fmt.integer(r.quantidade), numero: true },
    { header: t('tabela.valor'), cell: (r: R) => fmt.money(r.valor), numero: true },
  ];
  const serie = { nome: t('tabela.valor'), valor: (r: { valor: number }) => r.valor, formato: fmt.money, formatoEixo: eixo, cor: 'var(--primary)' };
  return (
    <EstadoAba aba="vendas" query={query}>
      {(r: RelatorioVendas) =>
        r.total.quantidade.atual === 0 ? (
          <PeriodoVazio />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4">
              <FiguraComparada title={t('vendas.total')} valores={r.total.valor} formato={fmt.money} />
              <FiguraComparada title={t('vendas.quantidade')} valores={r.total.quantidade} formato={fmt.integer} />
            </div>
            <Secao title={t('vendas.porDia')}>
              <Grafico
                titulo={t('vendas.porDia')}
                dados={r.porDia}
                chave={(d) => d.data}
                rotulo={(d) => fmt.date(d.data)}
                rotuloEixo={(d) => diaCurto(d.data)}
                serie={serie}
                colunas={colunasMedida<RelatorioVendas['porDia'][number]>(t('tabela.dia'), (d) => fmt.date(d.data))}
              />
            </Secao>
            <div className="grid gap-4 lg:grid-cols-2">
              <Secao title={t('vendas.porDiaSemana')}>
                <Grafico
                  titulo={t('vendas.porDiaSemana')}
                  dados={r.porDiaSemana}
                  chave={(d) => String(d.diaSemana)}
                  rotulo={(d) => t(`diasSemana.${d.diaSemana as DiaSemana}`)}
                  rotuloEixo={(d) => t(`diasSemanaCurtos.${d.diaSemana as DiaSemana}`)}
                  serie={serie}
                  colunas={colunasMedida<RelatorioVendas['porDiaSemana'][number]>(t('tabela.diaSemana'), (d) => t(`diasSemana.${d.diaSemana as DiaSemana}`))}
                />
              </Secao>
              <Secao title={t('vendas.porHora')}>
                <Grafico
                  titulo={t('vendas.porHora')}
                  dados={r.porHora}
                  chave={(h) => String(h.hora)}
                  rotulo={(h) => t('tabela.horaValor', { hora: h.hora })}
                  rotuloEixo={(h) => String(h.hora)}
                  serie={serie}
                  colunas={colunasMedida<RelatorioVendas['porHora'][number]>(t('tabela.hora'), (h) => t('tabela.horaValor', { hora: h.hora }))}
                />
              </Secao>
            </div>
            <Secao title={t('vendas.porForma')}>
              <Tabela
                caption={t('vendas.porForma')}
                linhas={r.porForma}
                chave={(f) => f.forma}
                colunas={colunasPorForma}
              />
            </Secao>
            {r.porAtendente.length > 0 && (
              <Secao title={t('vendas.porAtendente')}>
                <Tabela
                  caption={t('vendas.porAtendente')}
                  linhas={r.porAtendente}
                  chave={(a) => a.id}
                  colunas={colunasMedida<RelatorioVendas['porAtendente'][number]>(t('tabela.atendente'), (a) => (
                    <Link to={`/vendas?atendente=${a.id}`} className="underline-offset-4 hover:underline">
                      {a.nome || t('tabela.semNome')}
                    </Link>
                  ))}
                />
              </Secao>
            )}
          </>
        )
      }
    </EstadoAba>
  );
}
