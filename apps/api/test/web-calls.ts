import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The API calls the web app makes, read from its source (apps/web/src) with the TypeScript parser:
 * every string or template that starts with `/api/`, with the method of the call it is passed to
 * (`api(path, { method })`, `fetch(path, { method })`, a link's href). What the API document must
 * list, so a call added to the web without its route in the document fails a test.
 */

export interface WebCall {
  /** Upper case; null when the text is not passed straight to a call that says (a constant, a helper). */
  method: string | null;
  /** `/api/clientes/{*}/extrato`: `{*}` where the source puts an expression; the query left out. */
  path: string;
  /** file:line, for the failure message. */
  where: string;
}

/** The alternatives an expression inside a template can be: both string branches of a `?:`, else unknown. */
function alternatives(expression: ts.Expression, file: ts.SourceFile): string[] {
  if (ts.isParenthesizedExpression(expression)) return alternatives(expression.expression, file);
  if (ts.isStringLiteralLike(expression)) return [expression.text];
  if (ts.isConditionalExpression(expression)) {
    const both = [...alternatives(expression.whenTrue, file), ...alternatives(expression.whenFalse, file)];
    if (!both.includes('{*}')) return both;
  }
  // A helper of the same file that builds the path (`const base = (login) => \`/api/portal/${…}\``).
  if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)) {
    const body = localArrowBody(expression.expression.text, file);
    if (body) return textsOf(body, file);
  }
  return ['{*}'];
}

function localArrowBody(name: string, file: ts.SourceFile): ts.Expression | undefined {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && init && ts.isArrowFunction(init) && !ts.isBlock(init.body)) return init.body;
    }
  }
  return undefined;
}

/** Every text a string or template can be, `{*}` standing for what is not known. */
function textsOf(node: ts.Node, file: ts.SourceFile): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (!ts.isTemplateExpression(node)) return [];
  let texts = [node.head.text];
  for (const span of node.templateSpans) {
    const options = alternatives(span.expression, file);
    texts = texts.flatMap((text) => options.map((option) => text + option + span.literal.text));
  }
  return texts;
}

/** The path part: no query string, and no `{*}` glued to the end of a segment (`/api/vendas${toSearchParams(…)}`). */
export function pathOf(text: string): string {
  const noQuery = text.split('?')[0]!;
  return noQuery.replace(/([^/])\{\*\}.*$/, '$1');
}

/** The method of the call `node` is the first argument of, when the call says it. */
function methodOf(node: ts.Node): string | null {
  const parent = node.parent;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent) && parent.parent.name.getText() === 'href') return 'GET';
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== node) return null;
  const callee = parent.expression;
  const name = ts.isIdentifier(callee) ? callee.text : null;
  if (name !== 'api' && name !== 'fetch') return null;
  const options = parent.arguments[1];
  if (options && ts.isObjectLiteralExpression(options)) {
    for (const property of options.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText() === 'method' && ts.isStringLiteralLike(property.initializer)) return property.initializer.text.toUpperCase();
    }
  }
  return 'GET';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every API call in the web app's source under `webSrc` (tests and test helpers left out). */
export function webApiCalls(webSrc: string): WebCall[] {
  const calls: WebCall[] = [];
  for (const fileName of sourceFiles(webSrc)) {
    const file = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
        for (const text of textsOf(node, file)) {
          if (!text.startsWith('/api/')) continue;
          const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
          calls.push({ method: methodOf(node), path: pathOf(text), where: `${path.relative(webSrc, fileName)}:${line}` });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return calls;
}

/** Whether the document path `/api/clientes/{id}/extrato` answers the call's `/api/clientes/{*}/extrato`. */
export function matchesDocumentPath(callPath: string, documentPath: string): boolean {
  const call = callPath.split('/');
  const doc = documentPath.split('/');
  return call.length === doc.length && call.every((segment, i) => segment === '{*}' || /^\{\w+\}$/.test(doc[i]!) || segment === doc[i]);
}
