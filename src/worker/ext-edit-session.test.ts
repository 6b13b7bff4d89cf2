import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const idAt = (s: Session, k: number) => s.rows(k, k + 1)[0]!.id;

describe('Session: image, video and news edits', () => {
  it('each edit is one undo step, re-checked at once, with the details after it', () => {
    const s = new Session();
    s.importSet(importFiles([{ name: 'ext-clean.xml', bytes: fixture('ext-clean.xml') }]), false);
    const id = idAt(s, 1);
    expect(s.summary().byCode['video-thumbnail-missing']).toBeUndefined();

    const out = s.details.editExt(id, { kind: 'change', at: 3, values: { thumbnail_loc: '', duration: '60' } });
    expect(out.summary.byCode['video-thumbnail-missing']).toBe(1);
    expect(out.history.undoLabel).toBe('Edit video');
    expect(out.details?.entries[0]?.values).toMatchObject({ thumbnail_loc: '', duration: '60' });
    expect(out.details?.problems.map((p) => p.code)).toEqual(['video-thumbnail-missing']);

    const added = s.details.editExt(id, { kind: 'add', ext: 'image', values: { loc: 'https://example.com/i.jpg' } });
    expect(added.history.undoLabel).toBe('Add image');
    expect(added.details?.entries.map((e) => e.kind)).toEqual(['video', 'image']);

    expect(s.undo().label).toBe('Add image');
    const undone = s.undo();
    expect(undone.label).toBe('Edit video');
    expect(undone.summary.byCode['video-thumbnail-missing']).toBeUndefined();
    expect(s.rowDetails(id).entries[0]?.values).toMatchObject({
      thumbnail_loc: 'https://example.com/thumbs/1.jpg',
      duration: '',
    });
  });

  it('an edit that changes nothing records nothing', () => {
    const s = new Session();
    s.importSet(importFiles([{ name: 'ext-clean.xml', bytes: fixture('ext-clean.xml') }]), false);
    const out = s.details.editExt(idAt(s, 1), { kind: 'change', at: 3, values: { title: 'A video' } });
    expect(out.history.canUndo).toBe(false);
  });
});
