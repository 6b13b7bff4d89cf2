/*
 * The edits a row's details panel makes to its extension data: an hreflang
 * alternate, an image, video or news entry. Each is one undo step, re-checked
 * at once, made through the session's commit (session.ts); the answer
 * carries the row's details after it.
 */
import { describeAlternateEdit, planAlternateEdit, type AlternateEdit } from '../core/edit/hreflang-edit';
import { describeExtEdit, planExtEdit, type ExtEdit } from '../core/edit/ext-edit';
import { applyExtChanges, type ExtChange } from '../core/rows/changes';
import { entryOf } from '../core/history/entry';
import type { EditHost } from './bulk-edits';
import type { EditAlternateOutcome, RowDetails } from './protocol';

/** What the details edits need of the session: the bulk edits' host, and a row's details. */
export interface DetailsHost extends Pick<EditHost, 'set' | 'commit'> {
  details(id: number): RowDetails;
}

export class DetailsEdits {
  constructor(private readonly host: DetailsHost) {}

  /** Adds, changes or removes one hreflang alternate of a row. */
  editAlternate(id: number, edit: AlternateEdit): EditAlternateOutcome {
    const change = planAlternateEdit(this.host.set(), id, edit);
    return this.apply(id, change, change && describeAlternateEdit(edit, change));
  }

  /** Changes, adds or removes one image, video or news entry of a row. */
  editExt(id: number, edit: ExtEdit): EditAlternateOutcome {
    const change = planExtEdit(this.host.set(), id, edit);
    return this.apply(id, change, change && describeExtEdit(edit, change));
  }

  private apply(id: number, change: ExtChange | null, label: string | null): EditAlternateOutcome {
    if (change) applyExtChanges(this.host.set().rows, [change], 'forward');
    // Like a cell edit, the row stays where it is in the view.
    const changed = this.host.commit(
      change && label !== null ? entryOf(label, { exts: [change] }, false) : null,
      'touched',
      false,
    );
    return { ...changed, details: this.host.details(id) };
  }
}
