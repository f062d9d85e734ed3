import { type Pessoa, PERMISSOES } from '@caderneta/shared';
import AtSignIcon from 'lucide-react/icons/at-sign';
import EllipsisVerticalIcon from 'lucide-react/icons/ellipsis-vertical';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import LogOutIcon from 'lucide-react/icons/log-out';
import MailIcon from 'lucide-react/icons/mail';
import PowerIcon from 'lucide-react/icons/power';
import SendIcon from 'lucide-react/icons/send';
import UserCogIcon from 'lucide-react/icons/user-cog';
import { useTranslation } from 'react-i18next';
import { RecordRow, RecordTitle } from '@/components/record-row';
import { RowMenuItem } from '@/components/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useFormatters } from '@/lib/format';
import { usePessoa } from '@/lib/permissoes';

export interface PessoaRowActions {
  onEditarAcesso: (pessoa: Pessoa) => void;
  onAtivo: (pessoa: Pessoa) => void;
  onReenviarConvite: (pessoa: Pessoa) => void;
  onRedefinirSenha: (pessoa: Pessoa) => void;
  onEncerrarSessoes: (pessoa: Pessoa) => void;
}

const PAPEL_BADGE = { dono: 'default', gerente: 'secondary', caixa: 'outline' } as const;

/**
 * Whether the signed-in person may change this one's access: nobody changes their own, and only a
 * Dono changes a Dono (the server refuses both; the row does not offer them).
 */
export function podeAlterar(pessoa: Pessoa, euSouDono: boolean): boolean {
  return !pessoa.voce && (pessoa.papel !== 'dono' || euSouDono);
}

/** One person of the shop: who, how they sign in, their role and where their access stands, and the menu of what can be done. */
export function PessoaRow({ pessoa, actions }: { pessoa: Pessoa; actions: PessoaRowActions }) {
  const { t } = useTranslation('equipe');
  const fmt = useFormatters();
  const eu = usePessoa();
  const titleId = `pessoa-${pessoa.id}-nome`;
  const convite = pessoa.situacao === 'convidada' || pessoa.situacao === 'convite_expirado';
  const dono = pessoa.papel === 'dono';
  const desconto = !dono && pessoa.permissoes.includes('dar_desconto');

  return (
    <RecordRow titleId={titleId} className="sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1.5">
        <RecordTitle id={titleId} title={pessoa.nome} className="[overflow-wrap:anywhere]">
          <Badge variant={PAPEL_BADGE[pessoa.papel]}>{t(`papeis.${pessoa.papel}`)}</Badge>
          {pessoa.voce && <Badge variant="outline">{t('situacao.voce')}</Badge>}
          {pessoa.situacao === 'convidada' && (
            <Badge variant="outline" className="border-amber-500/60 whitespace-normal">
              {pessoa.conviteExpiraEm ? t('situacao.convidada', { data: fmt.date(pessoa.conviteExpiraEm) }) : t('situacao.convidadaSemData')}
            </Badge>
          )}
          {pessoa.situacao === 'convite_expirado' && <Badge variant="destructive">{t('situacao.convite_expirado')}</Badge>}
          {pessoa.situacao === 'inativa' && <Badge variant="secondary">{t('situacao.inativa')}</Badge>}
        </RecordTitle>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {pessoa.email ? (
            <p className="flex min-w-0 items-center gap-1.5">
              <MailIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('row.email')}</span>
              <span className="[overflow-wrap:anywhere]">{pessoa.email}</span>
            </p>
          ) : (
            pessoa.usuario && (
              <p className="flex min-w-0 items-center gap-1.5">
                <AtSignIcon className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="[overflow-wrap:anywhere]">{t('row.usuario', { usuario: pessoa.usuario })}</span>
              </p>
            )
          )}
          <p>
            {dono ? t('row.todasPermissoes') : t('row.permissoes', { count: pessoa.permissoes.length, total: PERMISSOES.length })}
            {desconto && ` · ${t('row.desconto', { percentual: fmt.percent(pessoa.descontoMaximo) })}`}
          </p>
        </div>
      </div>

      {podeAlterar(pessoa, eu.papel === 'dono') && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" className="self-start sm:self-center" aria-label={t('row.acoesDe', { nome: pessoa.nome })}>
              <EllipsisVerticalIcon aria-hidden="true" />
              {t('row.acoes')}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <RowMenuItem icon={UserCogIcon} label={t('row.editarAcesso')} onSelect={() => actions.onEditarAcesso(pessoa)} />
            {convite && <RowMenuItem icon={SendIcon} label={t('row.reenviarConvite')} onSelect={() => actions.onReenviarConvite(pessoa)} />}
            {pessoa.usuario && !pessoa.email && <RowMenuItem icon={KeyRoundIcon} label={t('row.redefinirSenha')} onSelect={() => actions.onRedefinirSenha(pessoa)} />}
            {pessoa.situacao === 'ativa' && <RowMenuItem icon={LogOutIcon} label={t('row.encerrarSessoes')} onSelect={() => actions.onEncerrarSessoes(pessoa)} />}
            <RowMenuItem icon={PowerIcon} label={pessoa.situacao === 'inativa' ? t('row.reativar') : t('row.desativar')} onSelect={() => actions.onAtivo(pessoa)} />
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </RecordRow>
  );
}
