import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import {
  DIAS_CONVITE,
  MAX_PESSOAS_LOJA,
  PERMISSOES_DO_PAPEL,
  emailDoUsuario,
  permissoesEfetivas,
  type AceitarConviteInput,
  type ConviteInfo,
  type ConviteInput,
  type Equipe,
  type Language,
  type LoginEquipeInput,
  type Papel,
  type Permissao,
  type Pessoa,
  type PessoaUpdateInput,
  type SenhaPessoaInput,
  type Sessao,
  type SituacaoPessoa,
} from '@caderneta/shared';
import { comoServidor, withSeller, type Database, type Executor } from '../../db/client';
import { accounts, perfis, pessoas, sessions, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { pode, semPermissao, type Seller } from '../../auth/seller';
import { auditar, autorDaPessoa, comAutor, mudancasEntre } from '../auditoria/auditoria.service';

/*
 * The people of a shop (issue 37, docs/decisions/038-equipe.md). Shop rows (pessoas) are written
 * under the shop's row-level security like every other; the accounts a person signs in with
 * (users, accounts, sessions) are the server's, written in the same transaction (comoServidor).
 */

type PessoaRow = typeof pessoas.$inferSelect;

const emailEmUso = () => new AppError('EMAIL_IN_USE', 409, { message: 'Este e-mail já tem uma conta na Caderneta.' });
const usuarioEmUso = () => new AppError('USUARIO_EM_USO', 409, { message: 'Este usuário já existe. Escolha outro.' });
const conviteInvalido = () =>
  new AppError('CONVITE_INVALIDO', 404, { message: 'Este convite não vale mais: já foi usado, expirou ou foi cancelado. Peça um novo ao dono da loja.' });
const ultimoDono = () => new AppError('ULTIMO_DONO', 409, { message: 'A loja precisa de pelo menos um dono ativo.' });
const proprioAcesso = () => new AppError('SEM_PERMISSAO', 403, { message: 'Ninguém muda o próprio acesso: peça a outro dono.', details: { permissao: 'equipe' } });

/** The token of an invitation's link, and the hash the row keeps of it. */
const hashDoConvite = (token: string) => createHash('sha256').update(token).digest('hex');
const novoConvite = (agora: Date) => {
  const token = randomBytes(32).toString('base64url');
  return { token, conviteHash: hashDoConvite(token), conviteExpiraEm: new Date(agora.getTime() + DIAS_CONVITE * 86_400_000) };
};

function situacao(row: PessoaRow, agora: Date): SituacaoPessoa {
  if (!row.ativo) return 'inativa';
  if (row.userId) return 'ativa';
  return row.conviteExpiraEm && row.conviteExpiraEm > agora ? 'convidada' : 'convite_expirado';
}

function paraPessoa(row: PessoaRow, seller: Seller, agora: Date): Pessoa {
  const papel = row.papel as Papel;
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    usuario: row.usuario,
    papel,
    permissoes: permissoesEfetivas(papel, row.permissoes as Permissao[]),
    descontoMaximo: papel === 'dono' ? PERMISSOES_DO_PAPEL.dono.descontoMaximo : row.descontoMaximo,
    situacao: situacao(row, agora),
    conviteExpiraEm: row.userId ? null : (row.conviteExpiraEm?.toISOString() ?? null),
    criadoEm: row.criadoEm.toISOString(),
    voce: row.userId === seller.pessoa.userId,
  };
}

/** Everyone of the shop, owners first, then by when they joined. */
export async function listarEquipe(tx: Executor, seller: Seller, agora: Date): Promise<Equipe> {
  const rows = await tx
    .select()
    .from(pessoas)
    .where(eq(pessoas.ownerId, seller.id))
    .orderBy(sql`${pessoas.papel} <> 'dono'`, asc(pessoas.criadoEm), asc(pessoas.id));
  return { pessoas: rows.map((row) => paraPessoa(row, seller, agora)) };
}

interface Acesso {
  papel: Papel;
  permissoes: Permissao[];
  descontoMaximo: number;
}

/**
 * The access the owner chose (or the role's), checked against who is granting it: only a Dono
 * makes a Dono, and nobody grants a permission or a discount cap larger than their own.
 */
function acessoConcedido(seller: Seller, escolha: { papel: Papel; permissoes?: Permissao[]; descontoMaximo?: number }): Acesso {
  const padrao = PERMISSOES_DO_PAPEL[escolha.papel];
  const permissoes = permissoesEfetivas(escolha.papel, escolha.permissoes ?? padrao.permissoes);
  const descontoMaximo = escolha.papel === 'dono' ? padrao.descontoMaximo : (escolha.descontoMaximo ?? padrao.descontoMaximo);
  if (seller.pessoa.papel !== 'dono') {
    if (escolha.papel === 'dono') throw new AppError('SEM_PERMISSAO', 403, { message: 'Só um dono faz outro dono.', details: { permissao: 'equipe' } });
    const alem = permissoes.find((p) => !pode(seller, p));
    if (alem) throw semPermissao(alem);
    if (descontoMaximo > seller.pessoa.descontoMaximo) throw semPermissao('dar_desconto');
  }
  return { papel: escolha.papel, permissoes, descontoMaximo };
}

/** Room for one more active person (or invitation): a deactivated one makes room. */
async function cabeMaisUm(tx: Executor, ownerId: string) {
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(pessoas)
    .where(and(eq(pessoas.ownerId, ownerId), eq(pessoas.ativo, true)))) as [{ n: number }];
  if (n >= MAX_PESSOAS_LOJA) {
    throw new AppError('LIMITE_PESSOAS', 409, { message: `A loja já tem ${MAX_PESSOAS_LOJA} pessoas ativas, o máximo. Desative alguém para incluir outra.` });
  }
}

const emailTemConta = async (tx: Executor, email: string) =>
  comoServidor(tx, async () => (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0);

const camposAuditados = ['nome', 'papel', 'permissoes', 'descontoMaximo', 'ativo'] as const;
const auditaveis = (row: Pick<PessoaRow, 'nome' | 'papel' | 'permissoes' | 'descontoMaximo' | 'ativo'>) => ({
  nome: row.nome,
  papel: row.papel,
  permissoes: [...row.permissoes].join(', '),
  descontoMaximo: row.descontoMaximo,
  ativo: row.ativo,
});

export interface ConviteCriado {
  pessoa: Pessoa;
  /** The link's token: the route e-mails it, and the owner may share the link themself. */
  token: string;
}

/** Invites a person by e-mail: a row without an account yet, and a link valid DIAS_CONVITE days. */
export async function convidar(tx: Executor, seller: Seller, input: ConviteInput, agora: Date): Promise<ConviteCriado> {
  const acesso = acessoConcedido(seller, input);
  const email = input.email.trim().toLowerCase();
  await cabeMaisUm(tx, seller.id);
  if (await emailTemConta(tx, email)) throw emailEmUso();
  const { token, ...convite } = novoConvite(agora);
  let row: PessoaRow;
  try {
    [row] = (await tx
      .insert(pessoas)
      .values({ ownerId: seller.id, nome: input.nome, email, ...acesso, ...convite })
      .returning()) as [PessoaRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE', 409, { message: 'Esta pessoa já foi convidada. Reenvie o convite dela.' });
    throw error;
  }
  await auditar(tx, seller.id, { acao: 'equipe.convidada', registro: { tipo: 'pessoa', id: row.id, nome: row.nome }, detalhes: { email, papel: acesso.papel } });
  return { pessoa: paraPessoa(row, seller, agora), token };
}

export interface LojaDoConvite {
  nomeLoja: string;
  idioma: Language;
}

/** The shop's name and language, which its invitations are written in. */
export async function lojaDoConvite(tx: Executor, ownerId: string): Promise<LojaDoConvite> {
  const [perfil] = await tx.select({ nomeLoja: perfis.nomeLoja, idioma: perfis.idioma }).from(perfis).where(eq(perfis.ownerId, ownerId));
  return { nomeLoja: perfil?.nomeLoja ?? '', idioma: (perfil?.idioma ?? 'pt-BR') as Language };
}

/** A new link for an invitation not yet accepted (the old one stops working). */
export async function renovarConvite(tx: Executor, seller: Seller, id: string, agora: Date): Promise<ConviteCriado> {
  const atual = await pessoaDaLoja(tx, seller, id);
  if (atual.userId || !atual.email) throw new AppError('BAD_REQUEST', 409, { message: 'Esta pessoa já tem acesso; não há convite a reenviar.' });
  const { token, ...convite } = novoConvite(agora);
  const [row] = (await tx
    .update(pessoas)
    .set({ ...convite, ativo: true, atualizadoEm: sql`now()` })
    .where(and(eq(pessoas.ownerId, seller.id), eq(pessoas.id, id)))
    .returning()) as [PessoaRow];
  await auditar(tx, seller.id, { acao: 'equipe.convidada', registro: { tipo: 'pessoa', id: row.id, nome: row.nome }, detalhes: { email: row.email, reenviado: true } });
  return { pessoa: paraPessoa(row, seller, agora), token };
}

/** A login and password for someone without e-mail; they sign in with the login at once. */
export async function criarLogin(tx: Executor, seller: Seller, input: LoginEquipeInput, agora: Date): Promise<Pessoa> {
  const acesso = acessoConcedido(seller, input);
  await cabeMaisUm(tx, seller.id);
  const email = emailDoUsuario(input.usuario);
  const userId = randomUUID();
  const senha = await hashPassword(input.senha);
  await comoServidor(tx, async () => {
    // The login is everyone's namespace (it signs in on the same form as every e-mail).
    const [existente] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existente) throw usuarioEmUso();
    await tx.insert(users).values({ id: userId, name: input.nome, email });
    await tx.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: senha });
  });
  const [row] = (await tx
    .insert(pessoas)
    .values({ ownerId: seller.id, userId, nome: input.nome, usuario: input.usuario, ...acesso })
    .returning()) as [PessoaRow];
  await auditar(tx, seller.id, { acao: 'equipe.login_criado', registro: { tipo: 'pessoa', id: row.id, nome: row.nome }, detalhes: { usuario: input.usuario, papel: acesso.papel } });
  return paraPessoa(row, seller, agora);
}

async function pessoaDaLoja(tx: Executor, seller: Seller, id: string): Promise<PessoaRow> {
  const [row] = await tx
    .select()
    .from(pessoas)
    .where(and(eq(pessoas.ownerId, seller.id), eq(pessoas.id, id)));
  if (!row) throw notFound('Pessoa');
  return row;
}

/** Whether the shop keeps another active owner besides `id`. */
async function outroDonoAtivo(tx: Executor, ownerId: string, id: string) {
  const [outro] = await tx
    .select({ id: pessoas.id })
    .from(pessoas)
    .where(and(eq(pessoas.ownerId, ownerId), ne(pessoas.id, id), eq(pessoas.papel, 'dono'), eq(pessoas.ativo, true), sql`${pessoas.userId} is not null`))
    .limit(1);
  return !!outro;
}

/** Deletes every session of the account: each device is signed out at its next request. */
const encerrarSessoesDaConta = (tx: Executor, userId: string) =>
  comoServidor(tx, async () => (await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })).length);

/**
 * Changes a person's name, role, permissions, discount cap or active switch. Nobody changes their
 * own access (only their name); only a Dono changes a Dono; the last active Dono stays one. A
 * person deactivated is signed out at once; an invitation deactivated stops working.
 */
export async function alterarPessoa(tx: Executor, seller: Seller, id: string, input: PessoaUpdateInput, agora: Date): Promise<Pessoa> {
  const atual = await pessoaDaLoja(tx, seller, id);
  const { nome, ...mudancaDeAcesso } = input;
  const proprio = atual.userId === seller.pessoa.userId;
  if (proprio && Object.keys(mudancaDeAcesso).length > 0) throw proprioAcesso();
  if (atual.papel === 'dono' && seller.pessoa.papel !== 'dono') throw new AppError('SEM_PERMISSAO', 403, { message: 'Só um dono muda outro dono.', details: { permissao: 'equipe' } });
  const papel = input.papel ?? (atual.papel as Papel);
  const mudaPapel = input.papel !== undefined && input.papel !== atual.papel;
  const acesso =
    input.papel !== undefined || input.permissoes !== undefined || input.descontoMaximo !== undefined
      ? acessoConcedido(seller, {
          papel,
          // A new role starts from its own permissions unless the owner chose them too.
          permissoes: input.permissoes ?? (mudaPapel ? undefined : (atual.permissoes as Permissao[])),
          descontoMaximo: input.descontoMaximo ?? (mudaPapel ? undefined : atual.descontoMaximo),
        })
      : null;
  const deixaDeSerDono = atual.papel === 'dono' && atual.ativo && (papel !== 'dono' || input.ativo === false);
  if (deixaDeSerDono && !(await outroDonoAtivo(tx, seller.id, id))) throw ultimoDono();

  if (input.ativo === true && !atual.ativo) await cabeMaisUm(tx, seller.id);
  const reativaConvite = input.ativo === true && !atual.ativo && !atual.userId;
  const [row] = (await tx
    .update(pessoas)
    .set({
      ...(nome === undefined ? {} : { nome }),
      ...(acesso ?? {}),
      ...(input.ativo === undefined ? {} : { ativo: input.ativo }),
      // An invitation switched off stops working; switched back on, it needs a new link.
      ...(input.ativo === false && !atual.userId ? { conviteHash: null, conviteExpiraEm: null } : {}),
      ...(reativaConvite ? { conviteExpiraEm: null } : {}),
      atualizadoEm: sql`now()`,
    })
    .where(and(eq(pessoas.ownerId, seller.id), eq(pessoas.id, id)))
    .returning()) as [PessoaRow];

  if (input.ativo === false && atual.ativo && atual.userId) await encerrarSessoesDaConta(tx, atual.userId);
  if (nome !== undefined && atual.userId) {
    const userId = atual.userId;
    await comoServidor(tx, () => tx.update(users).set({ name: nome, updatedAt: sql`now()` }).where(eq(users.id, userId)));
  }
  const mudancas = mudancasEntre(auditaveis(atual), auditaveis(row), [...camposAuditados]);
  if (mudancas.length > 0) {
    const acao = input.ativo === false && atual.ativo ? 'equipe.desativada' : input.ativo === true && !atual.ativo ? 'equipe.reativada' : 'equipe.alterada';
    await auditar(tx, seller.id, { acao, registro: { tipo: 'pessoa', id: row.id, nome: row.nome }, mudancas });
  }
  return paraPessoa(row, seller, agora);
}

/** The owner sets a new password for a login without e-mail (who cannot get a reset e-mail); its sessions end. */
export async function redefinirSenha(tx: Executor, seller: Seller, id: string, input: SenhaPessoaInput): Promise<void> {
  const atual = await pessoaDaLoja(tx, seller, id);
  if (!atual.userId || !atual.usuario) {
    throw new AppError('BAD_REQUEST', 409, { message: 'Só o login sem e-mail tem a senha definida pelo dono; quem tem e-mail usa "Esqueceu a senha?".' });
  }
  if (atual.papel === 'dono' && seller.pessoa.papel !== 'dono') throw new AppError('SEM_PERMISSAO', 403, { message: 'Só um dono muda outro dono.', details: { permissao: 'equipe' } });
  const userId = atual.userId;
  const senha = await hashPassword(input.senha);
  await comoServidor(tx, async () => {
    await tx
      .update(accounts)
      .set({ password: senha, updatedAt: sql`now()` })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
  await auditar(tx, seller.id, { acao: 'equipe.senha_redefinida', registro: { tipo: 'pessoa', id: atual.id, nome: atual.nome } });
}

/** Ends every session of a person of the shop (the owner's "Encerrar sessões"). */
export async function encerrarSessoesDaPessoa(tx: Executor, seller: Seller, id: string): Promise<{ encerradas: number }> {
  const atual = await pessoaDaLoja(tx, seller, id);
  if (atual.papel === 'dono' && seller.pessoa.papel !== 'dono') throw new AppError('SEM_PERMISSAO', 403, { message: 'Só um dono muda outro dono.', details: { permissao: 'equipe' } });
  const encerradas = atual.userId ? await encerrarSessoesDaConta(tx, atual.userId) : 0;
  await auditar(tx, seller.id, { acao: 'equipe.sessoes_encerradas', registro: { tipo: 'pessoa', id: atual.id, nome: atual.nome }, detalhes: { encerradas } });
  return { encerradas };
}

/** The invitation of a link's token, while it can still be accepted (read as the server: no shop is known yet). */
async function conviteValido(db: Database, token: string, agora: Date): Promise<PessoaRow> {
  if (token.length < 20 || token.length > 100) throw conviteInvalido();
  const [row] = await db.select().from(pessoas).where(eq(pessoas.conviteHash, hashDoConvite(token)));
  if (!row || row.userId || !row.ativo || !row.email || !row.conviteExpiraEm || row.conviteExpiraEm <= agora) throw conviteInvalido();
  return row;
}

/** What the invitation page shows: whose shop, for whom. */
export async function lerConvite(db: Database, token: string, agora: Date): Promise<ConviteInfo> {
  const row = await conviteValido(db, token, agora);
  const [perfil] = await withSeller(db, row.ownerId, (tx) => tx.select({ nomeLoja: perfis.nomeLoja }).from(perfis).where(eq(perfis.ownerId, row.ownerId)), 'leitura');
  return { nomeLoja: perfil?.nomeLoja ?? '', nome: row.nome, email: row.email! };
}

/**
 * Accepts an invitation: the person's account with the password they chose, their row bound to it,
 * the link spent — one transaction, so a link used twice at once makes one account.
 */
export async function aceitarConvite(db: Database, token: string, input: AceitarConviteInput, ip: string, agora: Date): Promise<{ email: string }> {
  const convite = await conviteValido(db, token, agora);
  const senha = await hashPassword(input.senha);
  const userId = randomUUID();
  const email = convite.email!;
  try {
    await withSeller(db, convite.ownerId, (tx) =>
      comAutor(autorDaPessoa({ id: userId, nome: convite.nome }, ip), async () => {
        // Taken under the row's lock: a second acceptance waits, then finds the link spent.
        const [row] = await tx
          .select()
          .from(pessoas)
          .where(and(eq(pessoas.id, convite.id), eq(pessoas.conviteHash, hashDoConvite(token))))
          .for('update');
        if (!row || row.userId || !row.ativo) throw conviteInvalido();
        await comoServidor(tx, async () => {
          const [existente] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
          if (existente) throw emailEmUso();
          await tx.insert(users).values({ id: userId, name: row.nome, email, emailVerified: true });
          await tx.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: senha });
        });
        await tx
          .update(pessoas)
          .set({ userId, conviteHash: null, conviteExpiraEm: null, atualizadoEm: sql`now()` })
          .where(eq(pessoas.id, row.id));
        await auditar(tx, convite.ownerId, { acao: 'equipe.convite_aceito', registro: { tipo: 'pessoa', id: row.id, nome: row.nome } });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailEmUso();
    throw error;
  }
  return { email };
}

/** The person's own signed-in devices, newest use first. */
export async function listarSessoes(db: Database, seller: Seller): Promise<Sessao[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, seller.pessoa.userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(sql`${sessions.updatedAt} desc`, asc(sessions.id));
  return rows.map((s) => ({
    id: s.id,
    criadaEm: s.createdAt.toISOString(),
    ultimoUsoEm: s.updatedAt.toISOString(),
    expiraEm: s.expiresAt.toISOString(),
    ip: s.ipAddress,
    navegador: s.userAgent,
    atual: s.id === seller.sessaoId,
  }));
}

/** Ends one of the person's own sessions (another device, or this one). */
export async function encerrarSessao(db: Database, seller: Seller, id: string): Promise<void> {
  const apagadas = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, seller.pessoa.userId)))
    .returning({ id: sessions.id });
  if (apagadas.length === 0) throw notFound('Sessão');
}
