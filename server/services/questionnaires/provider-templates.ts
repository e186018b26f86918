import { v7 as uuidv7 } from 'uuid'
import type { Language } from '../../../contract/enums'
import { ZQuestion } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaires } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { SKIN_OBSERVATION } from './provider-observation'
import type { Template, TemplateQuestion } from './provider-template-type'

/**
 * The provider's questionnaires (spec §1: managed by the provider and copied to every new
 * organisation), in the organisation's invoice language. Question ids are stable keys so a later
 * provider update can recognise its own questions.
 */

const yesNo = (id: string, nl: string, en: string, extra: Partial<TemplateQuestion> = {}): TemplateQuestion => ({
  id,
  type: 'boolean',
  name: { nl, en },
  required: true,
  ...extra,
})

const INTAKE: Template = {
  key: 'intake',
  name: { nl: 'Intakeformulier', en: 'Intake form' },
  questions: [
    {
      id: 'welcome',
      type: 'information',
      group: 'customer',
      name: { nl: 'Welkom', en: 'Welcome' },
      body: {
        nl: 'Fijn dat je er bent. Met deze vragen stemmen we de behandeling op jou af.',
        en: 'Welcome. These questions help us tailor the treatment to you.',
      },
    },
    {
      id: 'date-of-birth',
      type: 'date',
      group: 'customer',
      required: true,
      name: { nl: 'Geboortedatum', en: 'Date of birth' },
    },
    {
      id: 'reason',
      type: 'option',
      group: 'wishes',
      required: true,
      allowMultiple: true,
      allowCustomValue: true,
      name: { nl: 'Waarvoor kom je?', en: 'What brings you here?' },
      options: [
        {
          id: 'relax',
          customer: { nl: 'Ontspanning', en: 'Relaxation' },
          employee: { nl: 'Ontspanning', en: 'Relaxation' },
        },
        {
          id: 'skin',
          customer: { nl: 'Mijn huid verbeteren', en: 'Improve my skin' },
          employee: { nl: 'Huidverbetering', en: 'Skin improvement' },
        },
        {
          id: 'ageing',
          customer: { nl: 'Huidveroudering', en: 'Skin ageing' },
          employee: { nl: 'Anti-aging', en: 'Anti-ageing' },
        },
      ],
    },
    yesNo('allergies', 'Heb je allergieën?', 'Do you have any allergies?', { group: 'vitality' }),
    {
      id: 'allergies-which',
      type: 'string',
      group: 'vitality',
      required: true,
      name: { nl: 'Welke allergieën?', en: 'Which allergies?' },
      displayLogic: [{ questionId: 'allergies', operator: 'equals', value: true }],
    },
    yesNo('medication', 'Gebruik je medicijnen?', 'Do you take any medication?', { group: 'vitality' }),
    {
      id: 'medication-which',
      type: 'string',
      group: 'vitality',
      required: true,
      name: { nl: 'Welke medicijnen?', en: 'Which medication?' },
      displayLogic: [{ questionId: 'medication', operator: 'equals', value: true }],
    },
    yesNo('pregnant', 'Ben je zwanger of geef je borstvoeding?', 'Are you pregnant or breastfeeding?', {
      group: 'vitality',
    }),
    {
      id: 'stress',
      type: 'rating',
      group: 'vitality',
      name: { nl: 'Hoeveel stress ervaar je (1–5)?', en: 'How much stress do you experience (1–5)?' },
    },
    {
      id: 'consent',
      type: 'boolean',
      group: 'salon',
      required: true,
      name: {
        nl: 'Ik heb de vragen naar waarheid ingevuld',
        en: 'I have answered the questions truthfully',
      },
    },
  ],
}

const SKIN: Template = {
  key: 'skin',
  name: { nl: 'Huidanalyse', en: 'Skin questionnaire' },
  questions: [
    {
      id: 'skin-type',
      type: 'option',
      group: 'skin',
      required: true,
      name: { nl: 'Hoe zou je je huid omschrijven?', en: 'How would you describe your skin?' },
      options: [
        { id: 'dry', customer: { nl: 'Droog', en: 'Dry' }, employee: { nl: 'Droge huid', en: 'Dry skin' } },
        { id: 'oily', customer: { nl: 'Vet', en: 'Oily' }, employee: { nl: 'Vette huid', en: 'Oily skin' } },
        {
          id: 'combination',
          customer: { nl: 'Gemengd', en: 'Combination' },
          employee: { nl: 'Gecombineerde huid', en: 'Combination skin' },
        },
        {
          id: 'normal',
          customer: { nl: 'Normaal', en: 'Normal' },
          employee: { nl: 'Normale huid', en: 'Normal skin' },
        },
        {
          id: 'sensitive',
          customer: { nl: 'Gevoelig', en: 'Sensitive' },
          employee: { nl: 'Gevoelige huid', en: 'Sensitive skin' },
        },
      ],
    },
    {
      id: 'concerns',
      type: 'option',
      group: 'skin',
      allowMultiple: true,
      allowCustomValue: true,
      name: { nl: 'Waar heb je last van?', en: 'What concerns you?' },
      options: [
        { id: 'acne', customer: { nl: 'Puistjes', en: 'Breakouts' }, employee: { nl: 'Acne', en: 'Acne' } },
        {
          id: 'pigment',
          customer: { nl: 'Pigmentvlekken', en: 'Dark spots' },
          employee: { nl: 'Hyperpigmentatie', en: 'Hyperpigmentation' },
        },
        {
          id: 'redness',
          customer: { nl: 'Roodheid', en: 'Redness' },
          employee: { nl: 'Couperose/roodheid', en: 'Rosacea/redness' },
        },
        { id: 'lines', customer: { nl: 'Lijntjes', en: 'Fine lines' }, employee: { nl: 'Rimpels', en: 'Wrinkles' } },
      ],
    },
    yesNo('sunbed', 'Gebruik je de zonnebank of zon je veel?', 'Do you use sunbeds or sunbathe often?', {
      group: 'skin',
    }),
    {
      id: 'spf',
      type: 'option',
      group: 'skin',
      name: { nl: 'Hoe vaak gebruik je zonnebrand?', en: 'How often do you use sunscreen?' },
      options: [
        { id: 'daily', customer: { nl: 'Dagelijks', en: 'Daily' }, employee: { nl: 'Dagelijks SPF', en: 'Daily SPF' } },
        {
          id: 'sometimes',
          customer: { nl: 'Soms', en: 'Sometimes' },
          employee: { nl: 'Soms SPF', en: 'Occasional SPF' },
        },
        { id: 'never', customer: { nl: 'Nooit', en: 'Never' }, employee: { nl: 'Geen SPF', en: 'No SPF' } },
      ],
    },
    {
      id: 'water',
      type: 'number',
      group: 'vitality',
      name: { nl: 'Hoeveel glazen water drink je per dag?', en: 'How many glasses of water do you drink a day?' },
    },
    {
      id: 'photo',
      type: 'image',
      group: 'skin',
      name: { nl: 'Foto van je huid (optioneel)', en: 'Photo of your skin (optional)' },
    },
    {
      id: 'skin-notes',
      type: 'string',
      group: 'employee',
      name: { nl: 'Notities van de specialist', en: "Specialist's notes" },
    },
  ],
}

export const PROVIDER_TEMPLATES: Template[] = [INTAKE, SKIN, SKIN_OBSERVATION]

/** The template's texts in one language, parsed through the contract's question rules. */
export function providerQuestions(t: Template, language: Language) {
  return t.questions.map((q) =>
    ZQuestion.parse({
      ...q,
      name: q.name[language],
      body: q.body?.[language] ?? null,
      options: (q.options ?? []).map((o) => ({
        id: o.id,
        customerTitle: o.customer[language],
        employeeTitle: o.employee[language],
      })),
    }),
  )
}

/** Copies every provider questionnaire into a (new) organisation, inside the caller's transaction. */
export async function copyProviderQuestionnaires(tx: DbOrTx, organisationId: string, language: Language) {
  for (const t of PROVIDER_TEMPLATES)
    await tx.insert(questionnaires).values({
      id: uuidv7(),
      organisationId,
      name: t.name[language],
      kind: t.kind ?? 'customerQuestionnaire',
      managedByProvider: true,
      providerKey: t.key,
      questions: providerQuestions(t, language),
      version: await nextVersion(tx, organisationId),
    })
}
