import { beforeEach, describe, expect, it } from 'vitest';
import { discardDraft, loadDraft, loadStoredDraft, saveDraft } from '@/forms/kit/draftStorage';

describe('drafts in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('keeps typed values and gives them back, but never the captcha token, the file or the security ID', () => {
    saveDraft('project-grants', { firstName: 'Ana', captchaToken: 'token', uploadProposal: 'proposal.pdf', granteeSecurityID: 'KEY', attempts: 3 });
    expect(localStorage.getItem('borrador:project-grants')).not.toMatch(/token|proposal\.pdf|KEY/);
    expect(loadDraft('project-grants')).toEqual({ firstName: 'Ana' });
  });

  it('keeps no draft when nothing differs from the defaults', () => {
    saveDraft('office-hours', { firstName: 'Ana' });
    saveDraft('office-hours', { firstName: ' ', individualOrTeam: 'Individual' }, { individualOrTeam: 'Individual' });
    expect(localStorage.getItem('borrador:office-hours')).toBeNull();
    saveDraft('office-hours', { individualOrTeam: 'Team' }, { individualOrTeam: 'Individual' });
    expect(loadDraft('office-hours')).toEqual({ individualOrTeam: 'Team' });
  });

  it('ignores a draft that is not an object of texts, and forgets one that is discarded', () => {
    localStorage.setItem('borrador:academic-grants', '{not json');
    expect(loadDraft('academic-grants')).toBeNull();
    localStorage.setItem('borrador:academic-grants', JSON.stringify(['Ana']));
    expect(loadDraft('academic-grants')).toBeNull();
    localStorage.setItem('borrador:academic-grants', JSON.stringify({ firstName: 'Ana', captchaToken: 'old', age: 3 }));
    expect(loadDraft('academic-grants')).toEqual({ firstName: 'Ana' });
    discardDraft('academic-grants');
    expect(loadDraft('academic-grants')).toBeNull();
  });

  it('keeps one draft a form: of two tabs, the one written last wins, with when it was written and where it started from', () => {
    saveDraft('project-grants', { projectName: 'Pestaña A' }, {}, null, new Date('2026-11-28T20:00:00Z'));
    saveDraft('project-grants', { projectName: 'Pestaña B' }, {}, 'PG-000123', new Date('2026-11-28T20:05:00Z'));
    expect(loadStoredDraft('project-grants')).toEqual({ values: { projectName: 'Pestaña B' }, savedAt: '2026-11-28T20:05:00.000Z', from: 'PG-000123' });
  });

  it('reads a draft kept before drafts had a date as undated, and ignores a date that is not one', () => {
    localStorage.setItem('borrador:devcon-grants', JSON.stringify({ firstName: 'Ana' }));
    expect(loadStoredDraft('devcon-grants')).toEqual({ values: { firstName: 'Ana' }, savedAt: null, from: null });
    localStorage.setItem('borrador:devcon-grants', JSON.stringify({ savedAt: 'ayer', from: 7, values: { firstName: 'Ana', captchaToken: 'old' } }));
    expect(loadStoredDraft('devcon-grants')).toEqual({ values: { firstName: 'Ana' }, savedAt: null, from: null });
  });
});
