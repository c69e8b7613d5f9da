import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const API_PATH = /\/api\/v1\/|^\/health$/;

/** The string and template pieces of a file that hold an API address (comments do not count). */
function apiLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const texts =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
          : [];
    found.push(...texts.filter((text) => API_PATH.test(text)));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('API addresses in the console', () => {
  it('come from the operations (API_ROUTES and pathOf), never from a literal path', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      apiLiterals(file).map((literal) => `${relative(SRC, file)}: ${literal}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a literal path where there is one', () => {
    expect(apiLiterals(fileURLToPath(import.meta.url))).toEqual(
      expect.arrayContaining(['/api/v1/vendors', '/api/v1/reports/']),
    );
  });
});

// What the scanner must catch (read by the second test): a string and a template with a substitution.
export const EXAMPLES = ['/api/v1/vendors', (id: string) => `/api/v1/reports/${id}/download`];
