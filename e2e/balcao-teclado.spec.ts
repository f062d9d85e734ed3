import { expect, test, type Page } from '@playwright/test';
import { alturaDeToque, createAsApp, expectToast, signedInSeller } from './support';

/**
 * The counter at keyboard speed (issue 35, part 4): a sale made with the keyboard alone, and the
 * phone's camera reading a barcode where the browser has BarcodeDetector.
 */

const LEITE = { nome: 'Leite Integral 1L', precoVenda: 549, precoCusto: 400, estoqueAtual: 12, estoqueMinimo: 2, codigoBarras: '7891000100103' };

async function stockOf(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/produtos/${id}`);
  return (await response.json()).estoqueAtual;
}

test('a fiado sale made with the keyboard alone: "2*" and a code, a name and the arrows, F4 for the customer, F2 to finish', async ({ page }, testInfo) => {
  // A browser without BarcodeDetector, whatever the platform the journey runs on.
  await page.addInitScript(() => Reflect.deleteProperty(window, 'BarcodeDetector'));
  await signedInSeller(page, testInfo);
  const leite = await createAsApp(page, '/api/produtos', LEITE);
  await createAsApp(page, '/api/produtos', { nome: 'Arroz 5kg', precoVenda: 2500, precoCusto: 1800, estoqueAtual: 20, estoqueMinimo: 2 });
  const integral = await createAsApp(page, '/api/produtos', { nome: 'Arroz Integral 1kg', precoVenda: 990, precoCusto: 600, estoqueAtual: 20, estoqueMinimo: 2 });
  await createAsApp(page, '/api/clientes', { nome: 'Rosa Teclado', telefone: '11987654321', limiteCredito: 100_000 });

  await page.goto('/vendas/nova');
  const busca = page.getByRole('combobox', { name: 'Buscar produto' });
  await expect(busca).toBeFocused();
  // Where the browser cannot read barcodes, there is no "Escanear" at all.
  await expect(page.getByRole('button', { name: 'Escanear' })).toHaveCount(0);

  // "2*" and a code, as a scanner types it, then Enter.
  await page.keyboard.type('2*7891000100103');
  await expect(page.getByText('Quantidade do próximo item: 2')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Quantidade de Leite Integral 1L' })).toHaveText('2');
  await expect(page.getByText('2 × Leite Integral 1L adicionados à venda.')).toBeVisible();
  await expect(busca).toHaveValue('');
  await expect(busca).toBeFocused();

  // A name, the arrows to the second result, Enter.
  await page.keyboard.type('arroz');
  const resultados = page.getByRole('listbox', { name: 'Produtos encontrados' });
  await expect(resultados.getByRole('option')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(resultados.getByRole('option', { name: /Arroz Integral 1kg/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Quantidade de Arroz Integral 1kg' })).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Itens da venda' }).getByRole('listitem')).toHaveCount(2);
  await expect(busca).toBeFocused();

  // F4: fiado, and the customer's search; the arrows and Enter choose.
  await page.keyboard.press('F4');
  await expect(page.getByLabel('Forma de pagamento')).toHaveValue('fiado');
  const buscaCliente = page.getByRole('combobox', { name: 'Buscar cliente' });
  await expect(buscaCliente).toBeFocused();
  await page.keyboard.type('rosa');
  await expect(page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /Rosa Teclado/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Trocar cliente' })).toBeFocused();

  // "?" outside a field shows the shortcuts; Esc closes them, and Esc again is back in the search.
  await page.keyboard.press('?');
  const ajuda = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(ajuda).toContainText('F2');
  await expect(ajuda).toContainText('Finaliza a venda');
  await page.keyboard.press('Escape');
  await expect(ajuda).toBeHidden();
  // The dialog gives focus back to where it was (a moment after it leaves the page); then Esc.
  await expect(page.getByRole('button', { name: 'Trocar cliente' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(busca).toBeFocused();

  const resumo = page.getByRole('region', { name: 'Resumo da venda' });
  await expect(resumo).toContainText('Rosa Teclado');
  await expect(resumo).toContainText('R$ 20,88');
  await page.keyboard.press('F2');
  await expectToast(page, 'Venda registrada com sucesso!');
  await expectToast(page, 'Total: R$ 20,88');
  await expect(page).toHaveURL(/\/vendas$/);
  const venda = page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem').first();
  await expect(venda).toContainText('Rosa Teclado');
  await expect(venda).toContainText('Fiado');
  await expect(venda).toContainText('R$ 20,88');
  expect(await stockOf(page, leite.id)).toBe(10);
  expect(await stockOf(page, integral.id)).toBe(19);
});

/** A browser with BarcodeDetector and a camera: the camera films a canvas, the detector reads `window.__codigo` once set. */
function cameraFalsa() {
  const w = window as unknown as { __codigo?: string; __cameraDesligada: number; BarcodeDetector: unknown };
  w.__cameraDesligada = 0;
  w.BarcodeDetector = class {
    static async getSupportedFormats() {
      return ['ean_13', 'ean_8'];
    }
    async detect() {
      return w.__codigo ? [{ rawValue: w.__codigo }] : [];
    }
  };
  navigator.mediaDevices.getUserMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    let frame = 0;
    setInterval(() => {
      context.fillStyle = frame++ % 2 ? '#333' : '#777';
      context.fillRect(0, 0, 320, 240);
    }, 50);
    const stream = canvas.captureStream(20);
    for (const track of stream.getTracks()) {
      const stop = track.stop.bind(track);
      track.stop = () => {
        w.__cameraDesligada++;
        stop();
      };
    }
    return stream;
  };
}

test('on a phone whose browser reads barcodes, "Escanear" reads one with the camera, adds the product and turns the camera off', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(cameraFalsa);
  await signedInSeller(page, testInfo);
  const leite = await createAsApp(page, '/api/produtos', LEITE);

  await page.goto('/vendas/nova');
  const busca = page.getByRole('combobox', { name: 'Buscar produto' });
  await expect(busca).toBeFocused();
  const escanear = page.getByRole('button', { name: 'Escanear' });
  const ajuda = page.getByRole('button', { name: 'Atalhos do teclado' });
  await expect(escanear).toBeVisible();
  // Big enough for a finger, and nothing wider than the phone.
  for (const button of [escanear, ajuda]) expect(await alturaDeToque(button)).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  // "3*" typed first goes with the code the camera reads, as with a typed one.
  await busca.fill('3*');
  await escanear.click();
  const dialog = page.getByRole('dialog', { name: 'Escanear código de barras' });
  await expect(dialog.getByRole('status')).toHaveText('Procurando um código de barras...');
  await page.evaluate(() => {
    (window as unknown as { __codigo: string }).__codigo = '7891000100103';
  });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status', { name: 'Quantidade de Leite Integral 1L' })).toHaveText('3');
  await expect(page.getByText('3 × Leite Integral 1L adicionados à venda.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __cameraDesligada: number }).__cameraDesligada)).toBeGreaterThan(0);
  await expect(busca).toBeFocused();

  // Closed without a code: the camera is turned off too.
  await page.evaluate(() => {
    const w = window as unknown as { __codigo?: string; __cameraDesligada: number };
    w.__codigo = undefined;
    w.__cameraDesligada = 0;
  });
  await escanear.click();
  await expect(dialog.getByRole('status')).toHaveText('Procurando um código de barras...');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __cameraDesligada: number }).__cameraDesligada)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Total: R$ 16,47');
  expect(await stockOf(page, leite.id)).toBe(9);
});
