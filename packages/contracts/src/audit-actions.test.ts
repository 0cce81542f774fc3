import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditActionWords } from './audit-actions';

describe('auditActionLabel', () => {
  it.each([
    ['report.suspend_author', 'Reported account suspended'],
    ['report.remove_content', 'Reported content removed'],
    ['report.dismiss', 'Report dismissed'],
    ['user.suspend', 'Account suspended'],
    ['role.grant', 'Made an admin'],
    ['domain.silence', 'Server limited'],
    ['instance.update', 'About page edited'],
  ])('%s reads %s', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it('has words, not a code, for every code the server may write', () => {
    for (const [action, words] of Object.entries(auditActionWords)) {
      expect(auditActionLabel(action)).toBe(words);
      expect(words).not.toMatch(/[._]/);
    }
  });

  it('writes an unknown code as words, never the raw code', () => {
    expect(auditActionLabel('post.pin_for_everyone')).toBe('Post: pin for everyone');
    expect(auditActionLabel('cleanup')).toBe('Cleanup');
  });
});
