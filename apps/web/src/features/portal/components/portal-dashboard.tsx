import LogOutIcon from 'lucide-react/icons/log-out';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import type { PortalCliente } from '@caderneta/shared';
import { formatMoney } from '@caderneta/shared/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { ConferenciaDaEntrada, NaoReconhecoDialog, SuasContestacoes, type EntradaConferivel } from './conferencia';
import { AvisosDaLoja } from './avisos';
import { PixCopiaCola } from './pix-copia-cola';
import { usePortalFormat } from './use-portal-format';
import { SecaoTitulada } from '@/components/secao-titulada';

interface Props {
  data: PortalCliente;
  /** The customer's code, for the link to a payment in progress. */
  login: string;
  /** Focus "Pagar Saldo Pendente" (back from the payment screen). */
  focarPagar?: boolean;
  onPagar: () => void;
  onSair: () => void;
}

/** The customer's own page: greeting, balance, pending purchases, payments, how to pay, support. */
export function PortalDashboard({ data, login, focarPagar = false, onPagar, onSair }: Props) {
  const { t } = useTranslation('portal');
  const pagar$ = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focarPagar) pagar$.current?.focus();
  }, [focarPagar]);
  const f = usePortalFormat(data.moeda, data.fusoHorario);
  // The entry whose "Não reconheço" is being answered: one dialog for the whole page.
  const [contestando, setContestando] = useState<EntradaConferivel | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{t('painel.ola', { nome: data.primeiroNome })}</h1>
          <p className="text-muted-foreground break-words">{data.loja.nome}</p>
        </div>
        <Button variant="outline" size="lg" onClick={onSair}>
          <LogOutIcon aria-hidden="true" />
          {t('painel.sair')}
        </Button>
      </header>

      <Saldo data={data} />

      {data.pagamentoEmAndamento ? (
        // A PIX generated and not paid yet (or a card under review): said before a second payment is started.
        <div role="note" className="flex flex-col gap-3 rounded-lg border border-amber-500/60 bg-amber-500/10 p-4 text-sm">
          <p>
            {data.pagamentoEmAndamento.expiraEm
              ? // A PIX of this page: payable until it expires, minutes from now, not a day.
                t('painel.emAndamentoPix', {
                  valor: formatMoney(data.pagamentoEmAndamento.valorTotal, 'BRL'),
                  hora: f.hora(data.pagamentoEmAndamento.expiraEm),
                })
              : t('painel.emAndamento', {
                  metodo: t(`metodo.${data.pagamentoEmAndamento.metodo}`),
                  valor: formatMoney(data.pagamentoEmAndamento.valorTotal, 'BRL'),
                  data: f.date(data.pagamentoEmAndamento.criadoEm),
                })}
          </p>
          <Button asChild variant="outline" size="lg">
            <Link to={`/cliente/${encodeURIComponent(login)}/pagamento-pendente?pagamento=${data.pagamentoEmAndamento.id}`}>{t('painel.verEmAndamento')}</Link>
          </Button>
        </div>
      ) : null}

      {/* While a payment is in progress the server refuses another: the note above says how to go on. */}
      {data.saldoPendente > 0 && !data.pagamentoEmAndamento ? (
        data.pagamentoOnline.disponivel ? (
          <Button ref={pagar$} size="lg" className="h-12 text-base" onClick={onPagar}>
            {t('painel.pagarSaldo')}
          </Button>
        ) : data.pix ? null : (
          <p className="text-sm text-muted-foreground">{t('painel.online')}</p>
        )
      ) : null}

      {/* A payment's amount is in reais: only a shop in reais offers PIX (docs/decisions/028). */}
      {data.pix ? <PixCopiaCola codigo={data.pix.codigo} qrCode={data.pix.qrCode} valor={formatMoney(data.saldoPendente, 'BRL')} /> : null}

      <Card>
        <CardTitulo>{t('painel.comprasPendentes')}</CardTitulo>
        <CardContent>
          {data.pendentesTotal > data.pendentes.length ? (
            <p className="mb-2 text-sm text-muted-foreground">{t('painel.pendentesParcial', { mostradas: data.pendentes.length, total: data.pendentesTotal })}</p>
          ) : null}
          {/* What was owed before the shop used the app, as its notebook said: no purchase explains it. */}
          {data.saldosAnteriores.length > 0 && (
            <ul aria-label={t('painel.saldosAnteriores')} className="flex flex-col divide-y">
              {data.saldosAnteriores.map((saldo) => (
                <li key={saldo.lancamentoId} className="py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">{t('painel.saldoAnterior', { data: f.date(saldo.data) })}</span>
                    <span className="font-semibold">{f.money(saldo.valor)}</span>
                  </div>
                  <ConferenciaDaEntrada login={login} data={data} tipo="saldo_anterior" entrada={saldo} onNaoReconheco={setContestando} />
                </li>
              ))}
            </ul>
          )}
          {data.pendentes.length === 0 ? (
            data.saldosAnteriores.length === 0 && <p className="text-sm text-muted-foreground">{t('painel.semPendentes')}</p>
          ) : (
            <ul className="flex flex-col divide-y">
              {data.pendentes.map((venda) => (
                <li key={venda.numeroVenda} className="py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">{t('painel.compraDe', { data: f.date(venda.data) })}</span>
                    <span className="font-semibold">{f.money(venda.valorTotal - venda.valorPago)}</span>
                  </div>
                  {venda.valorPago > 0 ? (
                    <p className="text-xs text-muted-foreground">{t('painel.pagoParte', { total: f.money(venda.valorTotal), valor: f.money(venda.valorPago) })}</p>
                  ) : null}
                  <ul aria-label={t('painel.itens', { numero: venda.numeroVenda })} className="mt-1 text-sm text-muted-foreground">
                    {venda.itens.map((item, i) => (
                      <li key={i} className="flex justify-between gap-3">
                        {/* A loose line ("Avulso — pão e leite") is its value only, no quantity × price. */}
                        {/* A line's discount without a minus sign: on this page a sign would read as a balance. */}
                        <span className="min-w-0 break-words">
                          {item.avulso ? (
                            item.nome ? t('painel.avulsoDescricao', { descricao: item.nome }) : t('painel.avulso')
                          ) : (
                            <>
                              {item.nome}
                              <span className="block text-xs tabular-nums">
                                {t('painel.itemLinha', { quantidade: f.quantidade(item.quantidade, item.unidade), preco: f.preco(item.precoUnitario, item.unidade) })}
                              </span>
                            </>
                          )}
                          {item.desconto > 0 && <span className="block text-xs tabular-nums">{t('painel.descontoItem', { valor: f.money(item.desconto) })}</span>}
                        </span>
                        <span className="shrink-0">{f.money(item.subtotal)}</span>
                      </li>
                    ))}
                  </ul>
                  {/* The lines add up to the purchase before its own discount: that discount closes the list. */}
                  {venda.desconto > 0 && (
                    <p className="mt-1 flex justify-between gap-3 text-sm text-muted-foreground">
                      <span>{t('painel.descontoCompra')}</span>
                      <span className="shrink-0 tabular-nums">{f.money(venda.desconto)}</span>
                    </p>
                  )}
                  <ConferenciaDaEntrada login={login} data={data} tipo="compra" entrada={venda} onNaoReconheco={setContestando} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardTitulo>{t('painel.pagamentos')}</CardTitulo>
        <CardContent>
          {data.pagamentos.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('painel.semPagamentos')}</p>
          ) : (
            <ul className="flex flex-col divide-y">
              {data.pagamentos.map((p) => (
                <li key={p.lancamentoId} className="py-2 text-sm">
                  <div className="flex justify-between gap-3">
                    <span>
                      {f.date(p.data)} · {p.metodo ? t(`metodo.${p.metodo}`) : ''}
                      {p.estornado ? <span className="block text-xs font-medium text-destructive">{t('painel.estornado')}</span> : null}
                    </span>
                    <span className={p.estornado ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>{f.money(p.valor)}</span>
                  </div>
                  {!p.estornado && (
                    <ConferenciaDaEntrada login={login} data={data} tipo="pagamento" entrada={p} onNaoReconheco={setContestando} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <NaoReconhecoDialog login={login} entrada={contestando} onOpenChange={(open) => !open && setContestando(null)} />
      <SuasContestacoes data={data} />

      <ComoVocePaga data={data} />

      <AvisosDaLoja data={data} login={login} />

      <SecaoTitulada titulo={t('painel.suporte')} tituloClassName="font-medium" className="rounded-lg border p-4">
        {data.loja.whatsappUrl ? (
          <Button asChild variant="outline" size="lg" className="mt-3 w-full">
            <a href={data.loja.whatsappUrl} target="_blank" rel="noreferrer">
              <MessageCircleIcon aria-hidden="true" />
              {t('painel.suporteWhatsapp')}
            </a>
          </Button>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">{t('painel.suporteSemTelefone')}</p>
        )}
      </SecaoTitulada>
    </div>
  );
}

/**
 * "Como você paga": the facts the shop sees about the customer's payments over the last 12 months
 * (issue 40) — the same ones, in the customer's words; never the limit the shop may be suggested.
 */
function ComoVocePaga({ data }: { data: PortalCliente }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat(data.moeda, data.fusoHorario);
  const r = data.comoPaga;
  const decididas = r.emDia + r.comAtraso + r.emAtraso;
  const fatos = [
    t('comoPaga.emDia', { count: r.emDia }),
    t('comoPaga.comAtraso', { count: r.comAtraso }),
    t('comoPaga.emAtraso', { count: r.emAtraso }),
    r.mediaDiasAtraso !== null ? t('comoPaga.mediaAtraso', { count: r.mediaDiasAtraso }) : null,
    r.maiorAtraso > 0 ? t('comoPaga.maiorAtraso', { count: r.maiorAtraso }) : null,
    r.promessas > 0 ? t('comoPaga.promessas', { quebradas: r.promessasQuebradas, count: r.promessas }) : null,
    r.maiorCompra !== null ? t('comoPaga.maiorCompra', { valor: f.money(r.maiorCompra) }) : null,
  ].filter((fato): fato is string => fato !== null);
  return (
    <Card>
      <CardTitulo>{t('comoPaga.titulo')}</CardTitulo>
      <CardContent className="grid gap-2 text-sm">
        <p className="text-muted-foreground">{t('comoPaga.periodo', { desde: f.date(r.desde) })}</p>
        {decididas === 0 ? (
          <p>{t('comoPaga.semHistorico')}</p>
        ) : (
          <ul className="list-disc pl-5">
            {fatos.map((fato) => (
              <li key={fato}>{fato}</li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">{t('comoPaga.transparencia')}</p>
      </CardContent>
    </Card>
  );
}

/**
 * Where the customer stands, as a customer says it: "Você deve R$ 44,30" and when it is due (or
 * since when it is late), a credit as a credit, or nothing owed — never a signed balance beside a
 * second figure.
 */
function Saldo({ data }: { data: PortalCliente }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat(data.moeda, data.fusoHorario);
  // "R$" and the number on one line (a no-break space); only a huge amount wraps, inside the number.
  const valor = (cents: number) => f.money(cents).replace(/ /g, '\u00a0');
  const v = data.vencimento;
  return (
    <section aria-labelledby="saldo-titulo" className="rounded-lg border bg-card p-4">
      {data.saldoPendente > 0 ? (
        <>
          <h2 id="saldo-titulo" className="text-2xl font-bold break-words">
            {t('painel.voceDeve', { valor: valor(data.saldoPendente) })}
          </h2>
          {v ? (
            <p className={v.vencido ? 'mt-1 font-medium text-amber-800 dark:text-amber-300' : 'mt-1 text-muted-foreground'}>
              {v.vencido ? t('painel.vencido', { data: f.date(v.data), count: v.diasEmAtraso }) : t('painel.venceEm', { data: f.date(v.data) })}
            </p>
          ) : null}
          {data.parcelas ? (
            <div className="mt-3">
              <h3 className="text-sm font-semibold">{t('painel.parcelasTitulo')}</h3>
              <ol className="mt-1 divide-y text-sm" aria-label={t('painel.parcelasTitulo')}>
                {data.parcelas.map((p) => (
                  <li key={p.numero} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                    <span>{t('painel.parcelaLinha', { numero: p.numero, total: data.parcelas!.length, data: f.date(p.vencimento) })}</span>
                    <span className={p.status === 'paga' ? 'text-emerald-700 dark:text-emerald-400' : 'font-medium'}>
                      {valor(p.valor)} ·{' '}
                      {p.status === 'paga' ? t('painel.parcelaPaga') : p.status === 'parcial' ? t('painel.parcelaFalta', { valor: valor(p.aberto) }) : t('painel.parcelaAberta')}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </>
      ) : data.saldoAtual > 0 ? (
        <>
          <h2 id="saldo-titulo" className="text-2xl font-bold break-words text-emerald-700 dark:text-emerald-400">
            {t('painel.credito', { valor: valor(data.saldoAtual) })}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('painel.creditoHint')}</p>
        </>
      ) : (
        <h2 id="saldo-titulo" className="text-2xl font-bold">
          {t('painel.emDia')}
        </h2>
      )}
    </section>
  );
}
