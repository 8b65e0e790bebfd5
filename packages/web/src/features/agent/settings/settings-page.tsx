import {
  type CallUsLine,
  type ChatHours,
  type ChatRegion,
  type ChatRegionConfig,
  chatWeekdays,
  type MasterSwitches,
} from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useCallUsLines,
  useChatConfig,
  useSaveCallUsLine,
  useSaveChatRegion,
  useSaveSwitches,
  useSwitches,
} from './api';
import './settings.css';

/**
 * The console's configuration pages, admins only (docs/agent.md "Settings"): the master switches, chat availability
 * and opening hours per region, the call-us numbers. Every save is audited on the server.
 */
export function AgentSettingsPage() {
  const { t } = useI18n();
  useDocumentTitle(t('agent.settings.title'));
  return (
    <section className="agent-settings" aria-labelledby="agent-settings-title">
      <h1 id="agent-settings-title">{t('agent.settings.title')}</h1>
      <SwitchesForm />
      <ChatHoursSection />
      <CallUsSection />
    </section>
  );
}

/** A failed save's reason: the server's field messages when it gave some (they are the contract's, in English). */
function SaveError({ error }: { error: unknown }) {
  const fields = error instanceof ApiError ? error.fields : undefined;
  return (
    <div role="alert" className="agent-settings__error">
      <p>{errorText(error)}</p>
      {fields ? (
        <ul>
          {Object.entries(fields).map(([k, v]) => (
            <li key={k}>
              {k}: {v}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const switchKeys = ['write_to_us', 'call_us', 'chat'] as const;

function SwitchesForm() {
  const { t, intl } = useI18n();
  const switches = useSwitches();
  const save = useSaveSwitches();
  const [draft, setDraft] = useState<MasterSwitches | null>(null);
  if (switches.isPending) return <Loader />;
  if (switches.isError) return <ErrorState error={switches.error} onRetry={() => void switches.refetch()} />;
  const value = draft ?? switches.data.switches;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value, { onSuccess: () => setDraft(null) });
  };
  return (
    <form className="agent-settings__card" onSubmit={submit} aria-labelledby="switches-title">
      <h2 id="switches-title">{t('agent.settings.switches.title')}</h2>
      <p>{t('agent.settings.switches.help')}</p>
      <fieldset>
        <legend>{t('agent.settings.switches.legend')}</legend>
        {switchKeys.map((k) => (
          <label key={k} className="agent-settings__check">
            <input
              type="checkbox"
              name={k}
              data-testid={`switch-${k}`}
              checked={value[k]}
              onChange={(e) => setDraft({ ...value, [k]: e.target.checked })}
            />{' '}
            {t(`agent.settings.switches.${k}`)}
          </label>
        ))}
      </fieldset>
      <p className="agent-settings__meta">
        {switches.data.source === 'env' || !switches.data.updated_at
          ? t('agent.settings.switches.fromEnv')
          : t('agent.settings.lastChanged', { when: formatDateTime(switches.data.updated_at, intl) })}
      </p>
      <Button type="submit" disabled={save.isPending || draft === null}>
        {t('agent.settings.save')}
      </Button>
      {save.isSuccess && draft === null ? (
        <p role="status" data-testid="switches-saved">
          {t('agent.settings.saved')}
        </p>
      ) : null}
      {save.isError ? <SaveError error={save.error} /> : null}
    </form>
  );
}

function ChatHoursSection() {
  const { t } = useI18n();
  const config = useChatConfig();
  if (config.isPending) return <Loader />;
  if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  return (
    <section className="agent-settings__card" aria-labelledby="chat-hours-title">
      <h2 id="chat-hours-title">{t('agent.settings.chat.title')}</h2>
      <p>{t('agent.settings.chat.help')}</p>
      {config.data.regions.map((r) => (
        <RegionForm
          key={`${r.region}-${r.updated_at}`}
          region={r.region}
          config={r.config}
          updatedAt={r.updated_at}
          updatedBy={r.updated_by}
        />
      ))}
    </section>
  );
}

function RegionForm({
  region,
  config,
  updatedAt,
  updatedBy,
}: {
  region: ChatRegion;
  config: ChatRegionConfig;
  updatedAt: string;
  updatedBy: string;
}) {
  const { t, intl } = useI18n();
  const [draft, setDraft] = useState<ChatRegionConfig>(config);
  const save = useSaveChatRegion();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ region, config: draft });
  };
  return (
    <form className="agent-settings__region" onSubmit={submit} aria-labelledby={`region-${region}`}>
      <h3 id={`region-${region}`}>{t(`agent.settings.regions.${region}`)}</h3>
      <label className="agent-settings__check">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
        />{' '}
        {t('agent.settings.chat.enabled')}
      </label>
      <label className="agent-settings__field">
        {t('agent.settings.chat.timeZone')}
        <input
          value={draft.time_zone}
          maxLength={60}
          onChange={(e) => setDraft({ ...draft, time_zone: e.target.value.trim() })}
        />
      </label>
      <ListField
        label={t('agent.settings.chat.cities')}
        hint={t('agent.settings.chat.listHint')}
        value={draft.cities}
        onChange={(cities) => setDraft({ ...draft, cities })}
      />
      <ListField
        label={t('agent.settings.chat.carCategories')}
        hint={t('agent.settings.chat.listHint')}
        value={draft.car_categories}
        onChange={(car_categories) => setDraft({ ...draft, car_categories })}
      />
      <HoursEditor
        id={`${region}-bot`}
        legend={t('agent.settings.chat.botHours')}
        hours={draft.bot_hours}
        onChange={(bot_hours) => setDraft({ ...draft, bot_hours })}
      />
      <HoursEditor
        id={`${region}-live`}
        legend={t('agent.settings.chat.liveHours')}
        hours={draft.live_hours}
        onChange={(live_hours) => setDraft({ ...draft, live_hours })}
      />
      <p className="agent-settings__meta">
        {t('agent.settings.lastChangedBy', { who: updatedBy, when: formatDateTime(updatedAt, intl) })}
      </p>
      <Button type="submit" disabled={save.isPending}>
        {t('agent.settings.save')}
      </Button>
      {save.isSuccess ? <p role="status">{t('agent.settings.saved')}</p> : null}
      {save.isError ? <SaveError error={save.error} /> : null}
    </form>
  );
}

/** 'all', or the listed names: written as a comma list, empty meaning every one (the server trims and checks them). */
function ListField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: 'all' | string[];
  onChange: (value: 'all' | string[]) => void;
}) {
  const [text, setText] = useState(value === 'all' ? '' : value.join(', '));
  return (
    <label className="agent-settings__field">
      {label}
      <span className="field-hint">{hint}</span>
      <input
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const names = e.target.value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean);
          onChange(names.length === 0 ? 'all' : names);
        }}
      />
    </label>
  );
}

function HoursEditor({
  id,
  legend,
  hours,
  onChange,
}: {
  id: string;
  legend: string;
  hours: ChatHours[];
  onChange: (next: ChatHours[]) => void;
}) {
  const { t } = useI18n();
  const set = (i: number, window: ChatHours) => onChange(hours.map((h, j) => (j === i ? window : h)));
  return (
    <fieldset className="agent-settings__hours">
      <legend>{legend}</legend>
      {hours.length === 0 ? <p>{t('agent.settings.chat.noHours')}</p> : null}
      {hours.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity of their own; the position is it
        <div key={i} className="agent-settings__window">
          <div className="agent-settings__days">
            {chatWeekdays.map((d) => (
              <label key={d}>
                <input
                  type="checkbox"
                  checked={h.days.includes(d)}
                  onChange={(e) =>
                    set(i, {
                      ...h,
                      days: e.target.checked
                        ? chatWeekdays.filter((x) => x === d || h.days.includes(x))
                        : h.days.filter((x) => x !== d),
                    })
                  }
                />
                {t(`agent.settings.days.${d}`)}
              </label>
            ))}
          </div>
          <label htmlFor={`${id}-${i}-open`}>{t('agent.settings.chat.opens')}</label>
          <input
            id={`${id}-${i}-open`}
            value={h.open}
            inputMode="numeric"
            pattern="[0-2][0-9]:[0-5][0-9]"
            maxLength={5}
            onChange={(e) => set(i, { ...h, open: e.target.value })}
          />
          <label htmlFor={`${id}-${i}-close`}>{t('agent.settings.chat.closes')}</label>
          <input
            id={`${id}-${i}-close`}
            value={h.close}
            inputMode="numeric"
            pattern="[0-2][0-9]:[0-5][0-9]"
            maxLength={5}
            onChange={(e) => set(i, { ...h, close: e.target.value })}
          />
          <Button variant="secondary" onClick={() => onChange(hours.filter((_, j) => j !== i))}>
            {t('agent.settings.chat.removeWindow')}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          onChange([...hours, { days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '09:00', close: '17:00' }])
        }
      >
        {t('agent.settings.chat.addWindow')}
      </Button>
    </fieldset>
  );
}

function CallUsSection() {
  const { t } = useI18n();
  const lines = useCallUsLines();
  if (lines.isPending) return <Loader />;
  if (lines.isError) return <ErrorState error={lines.error} onRetry={() => void lines.refetch()} />;
  return (
    <section className="agent-settings__card" aria-labelledby="call-us-title">
      <h2 id="call-us-title">{t('agent.settings.callUs.title')}</h2>
      <p>{t('agent.settings.callUs.help')}</p>
      <div className="agent-settings__scroll">
        <table className="agent-settings__table">
          <thead>
            <tr>
              <th scope="col">{t('agent.settings.callUs.country')}</th>
              <th scope="col">{t('agent.settings.callUs.city')}</th>
              <th scope="col">{t('agent.settings.callUs.audience')}</th>
              <th scope="col">{t('agent.settings.callUs.number')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.data.lines.map((line) => (
              <LineRow key={`${line.id}-${line.number}`} line={line} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LineRow({ line }: { line: CallUsLine }) {
  const { t } = useI18n();
  const [number, setNumber] = useState(line.number);
  const save = useSaveCallUsLine();
  const inputId = `call-us-${line.id}`;
  return (
    <tr>
      <td>{line.country_code}</td>
      <td>{line.city ?? t('agent.settings.callUs.wholeCountry')}</td>
      <td>
        {t(line.audience === 'driver' ? 'agent.settings.callUs.drivers' : 'agent.settings.callUs.riders')}
        {line.line === 'select' ? ` · ${t('agent.settings.callUs.select')}` : ''}
      </td>
      <td>
        <form
          className="agent-settings__line"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ id: line.id, number: number.trim() });
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {t('agent.settings.callUs.number')}
          </label>
          <input id={inputId} type="tel" value={number} maxLength={16} onChange={(e) => setNumber(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={save.isPending || number.trim() === line.number}>
            {t('agent.settings.save')}
          </Button>
          {save.isError ? <SaveError error={save.error} /> : null}
        </form>
      </td>
    </tr>
  );
}
