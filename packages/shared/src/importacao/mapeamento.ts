import type { CampoCliente, CampoImportacao, CampoProduto } from './campos';
import { semAcentosNemPontuacao } from './celulas';

/**
 * Which field each column of a file fills, guessed from its title, so the person only corrects
 * what was missed. Titles are compared without case, accents, spaces or punctuation ("E-mail",
 * "email" and "EMAIL" are one), against the templates' titles in the three languages, everyday
 * words, and the columns of Kyte's customer export and Google Contacts' CSV.
 */
interface Sinonimos {
  /** The field's own names: the template's titles and their plain synonyms. */
  exatos: readonly string[];
  /** Titles that fill the field when nothing better does (Google's "First Name", a second phone). */
  fracos?: readonly string[];
  /** Words that, inside a longer title ("Telefone do cliente"), point to the field. */
  contem?: readonly string[];
}

const CLIENTE: Record<CampoCliente, Sinonimos> = {
  nome: {
    exatos: ['Nome', 'Name', 'Nombre', 'Cliente', 'Client', 'Customer', 'Nome completo', 'Full name', 'Nombre completo', 'Nome do cliente', 'Customer name', 'Client name', 'Nombre del cliente', 'Razão social'],
    fracos: ['First Name', 'Given Name', 'Primeiro nome', 'Apelido', 'Nickname', 'File As'],
    contem: ['nome', 'name', 'nombre'],
  },
  telefone: {
    exatos: ['Telefone', 'Phone', 'Teléfono', 'Celular', 'WhatsApp', 'Fone', 'Tel', 'Cel', 'Telefone celular', 'Móvil', 'Mobile', 'Mobile phone', 'Cell phone', 'Phone number', 'Número de telefone', 'Número de teléfono', 'Telefone 1', 'Phone 1 - Value', 'Zap'],
    fracos: ['Phone 2 - Value', 'Telefone 2', 'Telefone fixo', 'Phone 3 - Value'],
    contem: ['telefone', 'phone', 'telefono', 'celular', 'whatsapp', 'fone'],
  },
  email: {
    exatos: ['E-mail', 'Email', 'Correo electrónico', 'Correo', 'Mail', 'E-mail address', 'Endereço de e-mail', 'E-mail 1 - Value'],
    fracos: ['E-mail 2 - Value'],
    contem: ['email', 'correo'],
  },
  endereco: {
    exatos: ['Endereço', 'Address', 'Dirección', 'Endereço completo', 'Full address', 'Logradouro', 'Rua', 'Domicilio', 'Address 1 - Formatted'],
    fracos: ['Address 1 - Street', 'Address 2 - Formatted'],
    contem: ['endereco', 'address', 'direccion'],
  },
  cpf: {
    exatos: ['CPF', 'Documento', 'Document', 'CPF/CNPJ', 'CNPJ/CPF', 'Doc', 'Número do documento'],
    contem: ['cpf'],
  },
  limiteCredito: {
    exatos: ['Limite de crédito', 'Credit limit', 'Límite de crédito', 'Limite', 'Limite do fiado', 'Limite fiado', 'Limit'],
    contem: ['limite', 'limit'],
  },
  observacoes: {
    exatos: ['Observações', 'Observação', 'Obs', 'Notes', 'Note', 'Observaciones', 'Observación', 'Anotações', 'Anotação', 'Notas', 'Nota', 'Comentários', 'Comments', 'Comentarios'],
    contem: ['observac', 'anotac'],
  },
  saldoInicial: {
    exatos: [
      'Saldo devedor inicial', 'Opening balance owed', 'Saldo deudor inicial', 'Saldo', 'Saldo devedor', 'Saldo inicial', 'Saldo em aberto', 'Saldo anterior',
      'Dívida', 'Deve', 'Devendo', 'Valor devido', 'Débito', 'Fiado', 'Total fiado', 'Valor fiado', 'Em aberto', 'Opening balance', 'Balance', 'Balance owed',
      'Amount owed', 'Owed', 'Owes', 'Debt', 'Deuda', 'Adeudo', 'Debe', 'Saldo pendiente',
    ],
    fracos: ['Valor', 'Amount', 'Total'],
    contem: ['saldo', 'divida', 'fiado', 'deuda', 'balance'],
  },
  dataSaldo: {
    exatos: ['Data do saldo', 'Balance date', 'Fecha del saldo', 'Data da dívida', 'Data do débito', 'Data da compra', 'Data do fiado', 'Fecha de la deuda', 'Debt date'],
    fracos: ['Data', 'Date', 'Fecha'],
  },
  dataVencimento: {
    exatos: ['Vencimento combinado', 'Agreed due date', 'Vencimiento acordado', 'Vencimento', 'Data de vencimento', 'Due date', 'Due', 'Vencimiento', 'Fecha de vencimiento', 'Pagar até', 'Pagar em'],
    contem: ['vencimento', 'vencimiento', 'duedate'],
  },
};

const PRODUTO: Record<CampoProduto, Sinonimos> = {
  nome: {
    exatos: ['Nome', 'Name', 'Nombre', 'Produto', 'Product', 'Producto', 'Nome do produto', 'Product name', 'Nombre del producto', 'Item', 'Artigo', 'Artículo', 'Mercadoria'],
    fracos: ['Descrição', 'Description', 'Descripción', 'Título', 'Title'],
    contem: ['nome', 'name', 'nombre', 'produto', 'product', 'producto'],
  },
  codigoBarras: {
    // Not "SKU" nor "Código": a shop's own code is not what the scanner reads.
    exatos: ['Código de barras', 'Barcode', 'Bar code', 'EAN', 'GTIN', 'EAN-13', 'EAN13', 'GTIN/EAN', 'Cód. barras', 'Cod barras', 'Código de barra', 'Código EAN', 'UPC'],
    contem: ['barras', 'barcode', 'ean', 'gtin'],
  },
  unidade: {
    exatos: ['Unidade', 'Unit', 'Unidad', 'Un', 'Und', 'Unid', 'Unidade de medida', 'Unit of measure', 'UOM', 'Unidad de medida', 'Medida'],
    contem: ['unidade', 'unidad'],
  },
  precoVenda: {
    exatos: ['Preço', 'Price', 'Precio', 'Preço de venda', 'Sale price', 'Selling price', 'Precio de venta', 'Valor de venda', 'Preço venda', 'Venda', 'Preço unitário', 'Unit price', 'Precio unitario', 'PV'],
    fracos: ['Valor', 'Valor unitário', 'Amount'],
    contem: ['precodevenda', 'precovenda', 'saleprice', 'precio', 'preco', 'price'],
  },
  precoCusto: {
    exatos: ['Custo', 'Cost', 'Costo', 'Preço de custo', 'Cost price', 'Precio de costo', 'Preço custo', 'Valor de custo', 'Custo unitário', 'Unit cost', 'Costo unitario'],
    contem: ['custo', 'cost'],
  },
  estoqueAtual: {
    exatos: ['Estoque', 'Stock', 'Estoque atual', 'Quantidade', 'Qtd', 'Qtde', 'Quantity', 'Qty', 'Cantidad', 'Existencias', 'Stock actual', 'Current stock', 'Inventário', 'Inventory', 'Em estoque', 'In stock', 'On hand', 'Saldo em estoque'],
    contem: ['estoque', 'stock', 'quantidade', 'cantidad', 'quantity'],
  },
  estoqueMinimo: {
    exatos: ['Estoque mínimo', 'Minimum stock', 'Stock mínimo', 'Mínimo', 'Minimum', 'Min stock', 'Estoque min', 'Quantidade mínima', 'Cantidad mínima', 'Reorder level', 'Reorder point', 'Ponto de pedido'],
    contem: ['minim', 'reorder'],
  },
  categoria: {
    exatos: ['Categoria', 'Category', 'Categoría', 'Grupo', 'Group', 'Departamento', 'Department', 'Seção', 'Sección', 'Família', 'Familia'],
    contem: ['categor'],
  },
};

const PESO = { exato: 3, fraco: 2, contem: 1 } as const;

interface Indice {
  porTitulo: Map<string, { campo: CampoImportacao; peso: number }>;
  contem: Array<{ palavra: string; campo: CampoImportacao }>;
}

/**
 * The order in which words inside a longer title are tried: the narrower field first, so
 * "Preço de custo unitário" is the cost, not the price, and "Estoque mínimo atual" the minimum.
 */
const ORDEM_CONTEM = {
  clientes: ['cpf', 'email', 'telefone', 'dataVencimento', 'limiteCredito', 'saldoInicial', 'observacoes', 'endereco', 'nome'],
  produtos: ['codigoBarras', 'estoqueMinimo', 'precoCusto', 'precoVenda', 'estoqueAtual', 'unidade', 'categoria', 'nome'],
} as const satisfies { clientes: readonly CampoCliente[]; produtos: readonly CampoProduto[] };

function indexar<C extends CampoImportacao>(sinonimos: Record<C, Sinonimos>, ordemContem: readonly C[]): Indice {
  const porTitulo: Indice['porTitulo'] = new Map();
  const contem: Indice['contem'] = [];
  for (const [campo, s] of Object.entries(sinonimos) as Array<[C, Sinonimos]>) {
    const guardar = (titulos: readonly string[], peso: number) => {
      for (const titulo of titulos) {
        const chave = semAcentosNemPontuacao(titulo);
        const antes = porTitulo.get(chave);
        if (antes && antes.campo !== campo) throw new Error(`importacao: "${titulo}" names both ${antes.campo} and ${campo}`);
        if (!antes || antes.peso < peso) porTitulo.set(chave, { campo, peso });
      }
    };
    guardar(s.exatos, PESO.exato);
    guardar(s.fracos ?? [], PESO.fraco);
  }
  const semOrdem = (Object.keys(sinonimos) as C[]).filter((campo) => sinonimos[campo].contem && !ordemContem.includes(campo));
  if (semOrdem.length) throw new Error(`importacao: ORDEM_CONTEM misses ${semOrdem.join(', ')}`);
  for (const campo of ordemContem) {
    for (const palavra of sinonimos[campo].contem ?? []) contem.push({ palavra, campo });
  }
  return { porTitulo, contem };
}

const INDICES = { clientes: indexar(CLIENTE, ORDEM_CONTEM.clientes), produtos: indexar(PRODUTO, ORDEM_CONTEM.produtos) };

/**
 * Titles that describe another column rather than hold the field: Google's "Phone 1 - Label"
 * ("Mobile") and "E-mail 1 - Type" sit beside the value.
 */
const DESCREVE_OUTRA = /(label|type|tipo|rotulo)$/;

/** For each column of the file (by index), the field it fills, or null (ignored). Each field at most once. */
export function sugerirMapeamento(tipo: 'clientes' | 'produtos', cabecalhos: string[]): Array<CampoImportacao | null> {
  const indice = INDICES[tipo];
  const candidatos: Array<{ coluna: number; campo: CampoImportacao; peso: number }> = [];
  cabecalhos.forEach((cabecalho, coluna) => {
    const titulo = semAcentosNemPontuacao(String(cabecalho ?? '').slice(0, 200));
    if (titulo === '') return;
    const exato = indice.porTitulo.get(titulo);
    if (exato) {
      candidatos.push({ coluna, ...exato });
      return;
    }
    if (DESCREVE_OUTRA.test(titulo)) return;
    for (const { palavra, campo } of indice.contem) {
      if (titulo.includes(palavra)) {
        candidatos.push({ coluna, campo, peso: PESO.contem });
        break;
      }
    }
  });
  // The best match first; among equals, the leftmost column.
  candidatos.sort((a, b) => b.peso - a.peso || a.coluna - b.coluna);
  const mapa: Array<CampoImportacao | null> = cabecalhos.map(() => null);
  const usados = new Set<CampoImportacao>();
  for (const { coluna, campo } of candidatos) {
    if (mapa[coluna] !== null || usados.has(campo)) continue;
    mapa[coluna] = campo;
    usados.add(campo);
  }
  return mapa;
}
