import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pageKind, reportKind } from '../../../scripts/page-kinds';
import { startScriptsAfterFirstPaint } from '../../../scripts/postexport';
import { measurePages, runSize, type PageScripts } from '../../../scripts/size';
import { SIZE_BUDGET_KB } from '../../../scripts/size-budgets';

const page = (head: string, body = ''): string => `<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>${head}</head><body><h1>Hola</h1>${body}</body></html>`;

const LIGHT_SITE = '<script type="module" src="/_light/site-a1.js"></script>';

/** The files of a small export: what `npm run build` would write, in miniature. */
function exportFiles({ heavyAbout }: { heavyAbout: boolean }): Record<string, string> {
  // A public form page as Next writes it, then run through the post-export's after-paint loader.
  const nextForm = startScriptsAfterFirstPaint(
    page(
      `<link rel="preload" as="script" href="/_next/static/chunks/main-m.js"/>${LIGHT_SITE}` +
        '<script src="/_next/static/chunks/main-m.js" defer=""></script><script src="/_next/static/chunks/form-f.js" defer=""></script>',
      '<script>(globalThis["TURBOPACK"]||(globalThis["TURBOPACK"]=[])).push({"otherChunks":["static/chunks/main-m.js","static/chunks/site.css"],"runtimeModuleIds":[1]})</script>' +
        '<script src="/_next/static/BUILD/_buildManifest.js" defer=""></script>',
    ),
  ).html;
  return {
    'index.html': page(`${LIGHT_SITE}<link rel="modulepreload" href="/_light/site-a1.js"/>`),
    '404.html': page(LIGHT_SITE),
    '404/index.html': page(LIGHT_SITE),
    'about/index.html': page(heavyAbout ? `${LIGHT_SITE}<script type="module" src="/_light/heavy-h1.js"></script>` : LIGHT_SITE),
    'devcon-grants/thank-you/index.html': page(LIGHT_SITE),
    'applicants/project-grants/apply/index.html': nextForm,
    'becas-otorgadas/index.html': page('<script src="/_next/static/chunks/main-m.js" defer=""></script>'),
    'mi-solicitud/entrar/index.html': page('<script src="/_next/static/chunks/main-m.js" defer=""></script>'),
    // The team's pages start their scripts as Next wrote them, before the first paint.
    'equipo/solicitudes/index.html': page('<script src="/_next/static/chunks/main-m.js" defer=""></script><script src="/_next/static/chunks/team-t.js" defer=""></script>'),
    '_light/site-a1.js': 'import{m as e}from"./chunk-c1.js";e();document.addEventListener("click",()=>import("./later-l1.js"));',
    '_light/chunk-c1.js': 'function m(){document.documentElement.dataset.light="1"}export{m};',
    '_light/later-l1.js': 'export const later=1;',
    // Incompressible: about 30 kB gzip, twice the content budget.
    '_light/heavy-h1.js': `export const data=${JSON.stringify(crypto.randomBytes(30_000).toString('base64'))};`,
    '_next/static/chunks/main-m.js': '(globalThis.TURBOPACK||[]).push(["static/chunks/main-m.js",1,function(){}]);',
    '_next/static/chunks/form-f.js': 'e.v(t=>Promise.all(["static/chunks/upload-u.js"].map(t=>e.l(t))).then(()=>t(2)));',
    '_next/static/chunks/upload-u.js': 'console.log("upload");',
    '_next/static/chunks/team-t.js': 'console.log("team");',
    '_next/static/chunks/about-x.js': 'console.log("the about page, for client-side navigation");',
    '_next/static/BUILD/_buildManifest.js': 'self.__BUILD_MANIFEST={"/about":["static/chunks/about-x.js"]};',
  };
}

const projects: string[] = [];
function writeProject(files: Record<string, string>): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'size-test-'));
  projects.push(project);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(project, 'out', file)), { recursive: true });
    fs.writeFileSync(path.join(project, 'out', file), content);
  }
  return project;
}
afterAll(() => {
  for (const project of projects) fs.rmSync(project, { recursive: true, force: true });
});

const overBudgetProject = writeProject(exportFiles({ heavyAbout: true }));
const withinBudgetProject = writeProject(exportFiles({ heavyAbout: false }));

function pageOf(pages: readonly PageScripts[], route: string): PageScripts {
  const found = pages.find((measured) => measured.route === route);
  if (!found) throw new Error(`${route} was not measured`);
  return found;
}

const sizesOf = (project: string, files: readonly string[]) => {
  const contents = files.map((file) => fs.readFileSync(path.join(project, 'out', file)));
  return {
    rawBytes: contents.reduce((sum, content) => sum + content.length, 0),
    gzipBytes: contents.reduce((sum, content) => sum + zlib.gzipSync(content, { level: 9 }).length, 0),
  };
};

function run(args: string[]): { code: number; stdout: string; stderr: string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = runSize(args, { log: (text: string) => stdout.push(text), error: (text: string) => stderr.push(text) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('npm run size: the JavaScript each exported page loads at start', () => {
  const pages = measurePages(path.join(overBudgetProject, 'out'));

  it('counts each file once, whether a script tag, a preload, the after-paint loader or Turbopack lists it', () => {
    const form = pageOf(pages, '/applicants/project-grants/apply/');
    const files = ['/_next/static/chunks/main-m.js', '/_next/static/chunks/form-f.js', '/_next/static/BUILD/_buildManifest.js', '/_light/site-a1.js', '/_light/chunk-c1.js'];
    expect([...form.files].sort()).toEqual([...files].sort());
    expect({ rawBytes: form.rawBytes, gzipBytes: form.gzipBytes }).toEqual(sizesOf(overBudgetProject, files));
  });

  it("counts a content page's own scripts with the modules they import, and lists what loads only when asked apart", () => {
    const home = pageOf(pages, '/');
    expect([...home.files].sort()).toEqual(['/_light/chunk-c1.js', '/_light/site-a1.js']);
    expect(home.lazy.files).toEqual(['/_light/later-l1.js']);
    expect(home.gzipBytes).toBe(sizesOf(overBudgetProject, ['_light/site-a1.js', '_light/chunk-c1.js']).gzipBytes);

    const form = pageOf(pages, '/applicants/project-grants/apply/');
    expect([...form.lazy.files].sort()).toEqual(['/_light/later-l1.js', '/_next/static/chunks/upload-u.js']);
    // The build manifest names other pages' chunks for client-side navigation: neither start-up nor this page's lazy code.
    expect([...form.files, ...form.lazy.files]).not.toContain('/_next/static/chunks/about-x.js');
  });

  it('measures the not-found page once, as /404, and gives every page its kind and budget', () => {
    expect(pages.map((measured) => [measured.route, measured.kind, measured.budgetKb])).toEqual([
      ['/', 'content', SIZE_BUDGET_KB.content],
      ['/404', 'content', SIZE_BUDGET_KB.content],
      ['/about/', 'content', SIZE_BUDGET_KB.content],
      ['/devcon-grants/thank-you/', 'content', SIZE_BUDGET_KB.content],
      ['/applicants/project-grants/apply/', 'form', SIZE_BUDGET_KB.form],
      ['/becas-otorgadas/', 'public-app', SIZE_BUDGET_KB['public-app']],
      ['/mi-solicitud/entrar/', 'applicant', SIZE_BUDGET_KB.applicant],
      ['/equipo/solicitudes/', 'team', SIZE_BUDGET_KB.team],
    ]);
  });

  it('with --budget, fails naming the page over its kind budget, and only that page', () => {
    const { code, stdout, stderr } = run(['--dir', overBudgetProject, '--budget']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/over budget.*1 of 8 pages/);
    expect(stderr).toMatch(/\/about\/ \(content\): \d+\.\d kB gzip > budget 15 kB/);
    expect(stderr).not.toMatch(/\/applicants\/|\/equipo\/|\/404|^ {2}\/ /m);
    expect(stdout).toMatch(/\| \/about\/ \| content \| 3 \| [\d.]+ \| [\d.]+ \| 15 \| \*\*over\*\* \|/);
  });

  it('passes --budget when every page is within its budget, and without --budget only reports', () => {
    const within = run(['--dir', withinBudgetProject, '--budget']);
    expect(within.code).toBe(0);
    expect(within.stderr).toBe('');
    expect(within.stdout).toContain('All 8 pages within their kind\'s budget.');
    expect(run([`--dir=${overBudgetProject}`]).code).toBe(0);
  });

  it('writes the measurements as JSON with --json', () => {
    const { code, stdout } = run(['--dir', withinBudgetProject, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { budgetsKb: Record<string, number>; pages: PageScripts[] };
    expect(report.budgetsKb).toEqual(SIZE_BUDGET_KB);
    expect(pageOf(report.pages, '/equipo/solicitudes/')).toMatchObject({ kind: 'team', files: ['/_next/static/chunks/main-m.js', '/_next/static/chunks/team-t.js'] });
  });

  it('fails naming the page and the file when a page loads a script the export lacks', () => {
    const broken = writeProject({ 'index.html': page('<script src="/_next/static/chunks/gone.js" defer=""></script>') });
    expect(() => measurePages(path.join(broken, 'out'))).toThrow('/: /_next/static/chunks/gone.js is not in the export');
  });

  it('refuses an argument it does not know (the old --budget KB form included)', () => {
    expect(() => run(['--budget', '160'])).toThrow('unknown argument "160"');
  });
});

describe('the kinds of page', () => {
  it.each([
    ['/', 'content'],
    ['/about/who-we-support/', 'content'],
    ['/cursos/blockchain-consultant/bitcoin/', 'content'],
    ['/applicants/', 'content'],
    ['/applicants/office-hours/', 'content'],
    ['/academic-grants/thank-you/', 'content'],
    ['/404', 'content'],
    ['/applicants/project-grants/apply/', 'form'],
    ['/devcon-grants/apply', 'form'],
    ['/applicants/grantee-finance/', 'form'],
    ['/becas-otorgadas/', 'public-app'],
    ['/mi-solicitud/', 'applicant'],
    ['/mi-solicitud/solicitud/', 'applicant'],
    ['/equipo/', 'team'],
    ['/equipo/solicitudes', 'team'],
  ])('%s is a %s page', (route, kind) => {
    expect(pageKind(route)).toBe(kind);
  });

  it('names the thank-you pages apart for the audit, and every other page by its kind', () => {
    expect(reportKind('/applicants/grantee-finance/thank-you/')).toBe('thank-you');
    expect(reportKind('/applicants/grantee-finance/')).toBe('form');
    expect(reportKind('/about/')).toBe('content');
    expect(reportKind('/mi-solicitud/')).toBe('applicant');
  });
});
