// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDir } from '../../../scripts/export-files';
import { referencePageSource, visibleText } from '../../../scripts/reference-page';

const PAGE =
  '<!DOCTYPE html><html lang="es"><head><title>Becas | Cadena</title><style>h1{color:red}</style></head>' +
  '<body><a href="#main">Saltar al contenido</a><header><nav><a href="/">Inicio</a><a href="/cursos/">Cursos</a></nav></header>' +
  '<main><h1>Becas para aprender &amp; construir</h1><p>Apoyamos a estudiantes de Latinoamérica.\n   Sin letra pequeña.</p>' +
  '<template><p>plantilla</p></template><noscript>Activa JavaScript</noscript></main>' +
  '<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script>console.log("x")</script></body></html>';

// Inside the project, so that the page module's `react` resolves as it does in the audit's build.
const cache = path.join(projectDir, 'node_modules/.cache');
fs.mkdirSync(cache, { recursive: true });
const scratch = fs.mkdtempSync(path.join(cache, 'reference-page-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Renders the generated page module as Next would render it at export. */
async function renderReference(source: string): Promise<string> {
  const file = path.join(scratch, `page-${Date.now()}.mjs`);
  fs.writeFileSync(file, source);
  const page = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: ComponentType };
  return renderToStaticMarkup(createElement(page.default));
}

describe('the audit reference page (a bare Next page with a page’s text)', () => {
  it('takes the text a reader sees, in order, without the head, scripts, styles, templates or noscript', () => {
    expect(visibleText(PAGE)).toEqual([
      'Saltar al contenido',
      'Inicio',
      'Cursos',
      'Becas para aprender & construir',
      'Apoyamos a estudiantes de Latinoamérica. Sin letra pequeña.',
    ]);
  });

  it('shows that text as one heading and paragraphs, whatever characters it holds', async () => {
    const pieces = ['Becas <para> "todos"', "Uno {1} ' dos", '</script> tres', 'it’s ${cuatro}'];
    expect(await renderReference(referencePageSource(pieces))).toBe(
      '<main lang="es"><h1>Becas &lt;para&gt; &quot;todos&quot;</h1><p>Uno {1} &#x27; dos</p><p>&lt;/script&gt; tres</p><p>it’s ${cuatro}</p></main>',
    );
  });
});
