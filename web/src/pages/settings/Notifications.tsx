import { useEffect, useState, type FormEvent } from 'react';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '../../api/notifications.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Section } from '../../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../../ui/States.tsx';

type Category = keyof NotificationPreferences['categories'];
const CATEGORIES: [Category, string, string][] = [
  ['response', 'Responses', 'Replies to Office actions (and any deadline of a kind not listed here)'],
  ['issue_fee', 'Issue fee', 'After a notice of allowance'],
  ['maintenance', 'Maintenance fees', 'At 3.5, 7.5 and 11.5 years'],
  ['briefs', 'Briefs', 'Appeal and reply briefs, oral hearing requests'],
  ['priority', 'Priority', 'Priority, national stage and copendency dates'],
];

/** "30, 14, 7, 1, 0" → [30, 14, 7, 1, 0]; anything else is left for the server to refuse by name. */
function parseOffsets(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

/**
 * Settings > Notifications: deadline reminders by e-mail (which categories, how many days ahead),
 * the digest, and new-paper alerts (GET/PUT /api/notifications/preferences). Every mail also has
 * a one-click unsubscribe link that needs no sign-in.
 */
export default function Notifications() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [form, setForm] = useState<NotificationPreferences | null>(null);
  const [offsets, setOffsets] = useState('');

  useEffect(() => {
    if (prefs.data) {
      setForm(prefs.data);
      setOffsets(prefs.data.offsets.join(', '));
    }
  }, [prefs.data]);

  if (prefs.isPending) return <Loading />;
  if (prefs.error) return <ErrorState error={prefs.error} retry={() => prefs.refetch()} />;
  if (!form) return <Loading />;

  const change = (patch: Partial<NotificationPreferences>) => {
    setForm({ ...form, ...patch });
    save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: NotificationPreferencesInput = {
      reminders: form.reminders,
      categories: form.categories,
      offsets: parseOffsets(offsets),
      digest: form.digest,
      new_paper_alerts: form.new_paper_alerts,
      scope: form.scope,
    };
    save.mutate(body);
  };
  const offsetsError = save.error && /offsets/.test(save.error.message) ? save.error.message.replace(/^body\.offsets(\.\d+)?: /, '') : null;

  return (
    <Section
      id="notifications-h"
      title="Notifications"
      description={`E-mail to ${form.email} about the deadlines of your firm's matters and new papers the USPTO watch finds.`}
    >
      <form onSubmit={submit} className="max-w-xl space-y-6" noValidate>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Which matters</legend>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" name="scope" className="mt-1" checked={form.scope === 'mine'} onChange={() => change({ scope: 'mine' })} />
            <span>
              Matters I am responsible for (and unassigned ones, for owners)
              <span className="block text-xs text-slate-600">Each docket entry&apos;s responsible practitioner is set on its application page.</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" name="scope" className="mt-1" checked={form.scope === 'firm'} onChange={() => change({ scope: 'firm' })} />
            The whole firm&apos;s docket
          </label>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Deadline reminders</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={form.reminders} onChange={(e) => change({ reminders: e.target.checked })} />
            Send reminders before deadlines
          </label>
          <div className="space-y-2 pl-6">
            {CATEGORIES.map(([key, label, hint]) => (
              <label key={key} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-1"
                  disabled={!form.reminders}
                  checked={form.categories[key]}
                  onChange={(e) => change({ categories: { ...form.categories, [key]: e.target.checked } })}
                />
                <span>
                  {label}
                  <span className="block text-xs text-slate-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
          <TextField
            label="Days ahead"
            value={offsets}
            disabled={!form.reminders}
            onChange={(e) => {
              setOffsets(e.target.value);
              save.reset();
            }}
            hint="Comma-separated days before each due date; 0 is the day itself. Default: 30, 14, 7, 1, 0."
            error={offsetsError}
          />
        </fieldset>
        <SelectField
          label="Digest"
          value={form.digest}
          onChange={(e) => change({ digest: e.target.value as NotificationPreferences['digest'] })}
          hint="A list of the deadlines due in the next 30 days."
        >
          <option value="none">No digest</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly, on Mondays</option>
        </SelectField>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={form.new_paper_alerts} onChange={(e) => change({ new_paper_alerts: e.target.checked })} />
          Alert me when a new paper is recorded in an application on my docket
        </label>
        {save.error && !offsetsError ? <ErrorState error={save.error} /> : null}
        {save.isSuccess ? <Notice tone="success">Saved.</Notice> : null}
        <Button type="submit" busy={save.isPending}>
          Save notifications
        </Button>
      </form>
    </Section>
  );
}
