import { beforeEach, describe, expect, it } from 'vitest';
import { discardDraft, loadDraft, saveDraft } from '@/forms/kit/draftStorage';

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
});
