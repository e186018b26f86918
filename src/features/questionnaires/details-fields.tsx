import { useTranslation } from 'react-i18next'
import { QUESTIONNAIRE_KINDS } from '../../../contract/questionnaires'
import { RadioGroup, TextArea, TextField } from '../../ui'
import { Checkbox } from './checkbox'
import { fieldError } from './messages'
import type { Draft } from './editor-state'

type Props = {
  draft: Draft
  onChange: (patch: Partial<Draft>) => void
  errors: Record<string, string>
  readOnly: boolean
}

/** Name, kind, hidden flag and the message template of the questionnaire. */
export function DetailsFields({ draft, onChange, errors, readOnly }: Props) {
  const { t } = useTranslation()
  const err = fieldError(errors)
  return (
    <section className="rounded-2xl border border-line bg-white p-5" aria-labelledby="details-title">
      <h2 id="details-title" className="mb-4 font-display text-xl text-ink">
        {t('questionnaires.details')}
      </h2>
      <fieldset disabled={readOnly} className="flex flex-col gap-5">
        <TextField
          label={t('questionnaires.name')}
          value={draft.name}
          maxLength={200}
          onChange={(e) => onChange({ name: e.target.value })}
          error={err('name')}
        />
        <RadioGroup
          label={t('questionnaires.kind')}
          value={draft.kind}
          onChange={(v) => onChange({ kind: v as Draft['kind'] })}
          options={QUESTIONNAIRE_KINDS.map((k) => ({ value: k, label: t(`questionnaires.kinds.${k}`) }))}
          error={err('kind')}
        />
        <Checkbox
          label={t('questionnaires.hiddenLabel')}
          hint={t('questionnaires.hiddenHint')}
          checked={draft.hidden}
          onChange={(hidden) => onChange({ hidden })}
        />
        <TextArea
          label={t('questionnaires.messageTemplate')}
          hint={t('questionnaires.messageTemplateHint', { name: '{{name}}', link: '{{link}}' })}
          value={draft.messageTemplate}
          maxLength={5000}
          rows={3}
          onChange={(e) => onChange({ messageTemplate: e.target.value })}
          error={err('messageTemplate')}
        />
      </fieldset>
    </section>
  )
}
