import { useWords } from './i18n/words';
/**
 * The footer of a form dialog: Cancel, then the submit button named for
 * what it does. The form's own `onSubmit` runs the action, so Enter in any
 * field does what the button says.
 */
export function DialogFooter({
  onClose,
  submit,
  disabled = false,
}: {
  onClose: () => void;
  submit: string;
  disabled?: boolean;
}) {
  const words = useWords();
  return (
    <div className="dialog-foot">
      <div className="foot-actions">
        <button type="button" className="button" onClick={onClose}>
          {words.t('action.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={disabled}>
          {submit}
        </button>
      </div>
    </div>
  );
}
