import { act, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToReadableStream } from 'react-dom/server.browser';
import { describe, expect, it, vi } from 'vitest';
import { inlineOutlinedBoundaries } from '../../../scripts/postexport';

/** A page like an apply page: a long intro, then a form inside a Suspense boundary, then the newsletter. */
function Page({ onSubmit }: { onSubmit: () => void }) {
  return (
    <main>
      <p id="intro">{'Cuéntanos sobre tu proyecto. '.repeat(600)}</p>
      <Suspense fallback={null}>
        <form
          id="application"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {Array.from({ length: 40 }, (_, index) => (
            <label key={index}>
              Field {index} {'costs US$& 5'} <input name={`field${index}`} />
            </label>
          ))}
          <button type="submit">Send</button>
        </form>
      </Suspense>
      <section id="newsletter">Newsletter</section>
    </main>
  );
}

async function serverHtml(): Promise<string> {
  const stream = await renderToReadableStream(<Page onSubmit={() => undefined} />);
  await stream.allReady;
  return new Response(stream).text();
}

describe('Suspense boundaries React writes out of place (post-export)', () => {
  it('are put back where they belong, with no script left to move them after load', async () => {
    const html = await serverHtml();
    // The premise: React 19 outlines a long boundary on a long page, to be revealed by a script.
    expect(html).toContain('<div hidden id="S:0">');
    expect(html).toContain('$RC(');

    const { html: fixed, inlined } = inlineOutlinedBoundaries(html);
    expect(inlined).toBe(1);
    expect(/<script|<template|hidden id="S:|\$R[BCVTX]/.exec(fixed)?.[0]).toBeUndefined();
    // The form sits between the intro and the newsletter, in a completed boundary, as React reads it.
    expect(fixed.indexOf('id="intro"')).toBeLessThan(fixed.indexOf('<!--$--><form id="application"'));
    expect(fixed.indexOf('</form><!--/$-->')).toBeLessThan(fixed.indexOf('id="newsletter"'));
    // Text that String.replace would read as a pattern ($&) is copied as it is.
    expect(fixed).toContain('costs US$&amp; 5<!-- --> <input name="field39"/>');
  });

  it('hydrate in place: the form the browser painted is the one that answers, not a copy', async () => {
    const { html } = inlineOutlinedBoundaries(await serverHtml());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const painted = container.querySelector('form');
    const onSubmit = vi.fn();
    const recoverableErrors: unknown[] = [];

    await act(async () => {
      hydrateRoot(container, <Page onSubmit={onSubmit} />, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });
    container.querySelector('button')?.click();

    expect(recoverableErrors).toEqual([]);
    expect(container.querySelector('form')).toBe(painted);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    container.remove();
  });

  it('refuse a page whose boundary is not laid out as React writes it, rather than ship it half done', () => {
    const broken = '<main><!--$?--><template id="B:0"></template><!--/$--></main><div hidden id="S:0"><form></form></div>';
    expect(() => inlineOutlinedBoundaries(broken)).toThrow(/S:0/);
  });
});
