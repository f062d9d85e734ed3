import type { Permissao } from '@caderneta/shared';

/**
 * Who may call each route behind the session (issue 37, docs/decisions/038-equipe.md): one
 * permission, any of several, or 'todos' (every person of the shop). This table is the one place
 * that says it: the session plugin gives each route its entry when the route is registered, and a
 * route behind `requireSeller` missing from it stops the server from starting. The permission
 * matrix test calls every route here as each role, and a new route cannot go untested.
 *
 * What a route checks beyond its entry is done by its service: which way a sale is paid (à vista
 * or fiado), past a customer's limit, a price changed or a discount and its cap.
 */
export type PermissaoDaRota = Permissao | readonly Permissao[] | 'todos';

export const PERMISSOES_DAS_ROTAS: Readonly<Record<string, PermissaoDaRota>> = {
  // The person themself: who they are, their sessions, signing out.
  'GET /api/me': 'todos',
  'GET /api/me/avatar.svg': 'todos',
  'POST /api/me/sair': 'todos',
  'GET /api/me/sessoes': 'todos',
  'DELETE /api/me/sessoes/:id': 'todos',
  // Language and currency are the shop's, not the person's.
  'PATCH /api/me/preferencias': 'configuracoes',

  // The counter.
  'POST /api/vendas': ['vender_avista', 'vender_fiado'],
  'GET /api/vendas': 'todos',
  'GET /api/vendas/:id': 'todos',
  'POST /api/vendas/:id/cancelar': 'cancelar_venda',
  'GET /api/dashboard': 'todos',
  'GET /api/notificacoes': 'todos',
  'GET /api/notificacoes/resumo': 'todos',
  'POST /api/notificacoes/:id/lida': 'todos',
  'POST /api/notificacoes/lidas': 'todos',

  // Customers, their accounts and collection.
  'GET /api/clientes': 'todos',
  'GET /api/clientes/:id': 'todos',
  'GET /api/clientes/semelhantes': 'editar_clientes',
  'POST /api/clientes': 'editar_clientes',
  'PUT /api/clientes/:id': 'editar_clientes',
  'DELETE /api/clientes/:id': 'editar_clientes',
  'POST /api/clientes/:id/desativar': 'editar_clientes',
  'POST /api/clientes/:id/reativar': 'editar_clientes',
  'POST /api/clientes/:id/regenerar-login': 'editar_clientes',
  'GET /api/clientes/:id/extrato': 'todos',
  'GET /api/clientes/:id/como-paga': 'todos',
  'GET /api/clientes/:id/pix': 'todos',
  'POST /api/clientes/:id/pagamentos': 'registrar_pagamento',
  'POST /api/clientes/:id/ajustes': 'ajustar_saldo',
  'GET /api/pagamentos/:id/recibo': 'todos',
  'GET /api/devedores': 'todos',
  'GET /api/devedores/:id': 'todos',
  'PUT /api/devedores/:id/cobranca': 'editar_clientes',
  'PUT /api/devedores/:id/promessa': 'editar_clientes',
  'GET /api/devedores/:id/parcelamento': 'todos',
  'PUT /api/devedores/:id/parcelamento': 'editar_clientes',
  'DELETE /api/devedores/:id/parcelamento': 'editar_clientes',
  'POST /api/devedores/:id/lembretes': 'editar_clientes',
  // A customer's disputes; resolving one checks beyond it: cancelling the sale (`cancelar_venda`) or a credit (`ajustar_saldo`).
  'GET /api/clientes/:id/contestacoes': 'todos',
  'GET /api/clientes/:id/mensagens': 'todos',
  'POST /api/clientes/:id/avisos/convite': 'editar_clientes',
  'POST /api/contestacoes/:id/resolver': 'editar_clientes',
  'GET /api/cobranca': 'todos',
  'PUT /api/cobranca/regra': 'configuracoes',
  'PUT /api/cobranca/mensagens': 'configuracoes',
  'PUT /api/cobranca/regua': 'configuracoes',

  // Products and prices.
  'GET /api/produtos': 'todos',
  'GET /api/produtos/:id': 'todos',
  'GET /api/produtos/nome-duplicado': 'editar_produtos',
  'POST /api/produtos': 'editar_produtos',
  'PUT /api/produtos/:id': 'editar_produtos',
  'DELETE /api/produtos/:id': 'editar_produtos',
  'POST /api/produtos/:id/desativar': 'editar_produtos',
  'POST /api/produtos/:id/reativar': 'editar_produtos',

  'GET /api/relatorios/resumo': 'ver_relatorios',
  'GET /api/relatorios/vendas': 'ver_relatorios',
  'GET /api/relatorios/clientes': 'ver_relatorios',
  'GET /api/relatorios/produtos': 'ver_relatorios',
  'GET /api/relatorios/financeiro': 'ver_relatorios',

  // Settings.
  'GET /api/configuracoes': 'configuracoes',
  'PUT /api/configuracoes/perfil': 'configuracoes',
  'PUT /api/configuracoes/loja': 'configuracoes',
  'PUT /api/configuracoes/notificacoes': 'configuracoes',
  'PUT /api/configuracoes/sistema': 'configuracoes',
  'GET /api/configuracoes/pix': 'configuracoes',
  'PUT /api/configuracoes/pix': 'configuracoes',
  'GET /api/configuracoes/mercadopago': 'mercado_pago',
  'PUT /api/configuracoes/mercadopago': 'mercado_pago',
  'POST /api/configuracoes/mercadopago/testar': 'mercado_pago',
  'GET /api/configuracoes/whatsapp': 'configuracoes',
  'PUT /api/configuracoes/whatsapp': 'configuracoes',
  'POST /api/configuracoes/whatsapp/testar': 'configuracoes',
  'GET /api/backup/exportar': 'backup',
  'POST /api/backup/validar': 'backup',
  'POST /api/backup/restaurar': 'backup',
  'GET /api/backup/automaticos': 'backup',
  'GET /api/backup/automaticos/:dia': 'backup',
  'POST /api/importacoes/clientes/existentes': 'backup',
  'POST /api/importacoes/produtos/existentes': 'backup',
  'POST /api/importacoes/clientes': 'backup',
  'POST /api/importacoes/produtos': 'backup',
  'GET /api/importacoes': 'backup',
  'POST /api/importacoes/:id/desfazer': 'backup',

  // The people of the shop and the shop's history.
  'GET /api/equipe': 'equipe',
  'POST /api/equipe/convites': 'equipe',
  'POST /api/equipe/logins': 'equipe',
  'PATCH /api/equipe/:id': 'equipe',
  'POST /api/equipe/:id/convite': 'equipe',
  'POST /api/equipe/:id/senha': 'equipe',
  'POST /api/equipe/:id/encerrar-sessoes': 'equipe',
  'GET /api/auditoria': 'equipe',
  'GET /api/auditoria/autores': 'equipe',
};
