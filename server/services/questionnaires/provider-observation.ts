import type { Template } from './provider-template-type'

const t = (nl: string, en: string) => ({ nl, en })
const option = (id: string, nl: string, en: string, staffNl = nl, staffEn = en) => ({
  id,
  customer: t(nl, en),
  employee: t(staffNl, staffEn),
})

/**
 * The specialist's own observation of a customer's skin (an employee questionnaire): filled in
 * by staff from the customer's Questionnaires tab, beside what the customer said in the intake.
 */
export const SKIN_OBSERVATION: Template = {
  key: 'skin-observation',
  kind: 'employeeQuestionnaire',
  name: t('Huidobservatie specialist', 'Skin observation (specialist)'),
  questions: [
    {
      id: 'observed-type',
      type: 'option',
      group: 'skin',
      required: true,
      name: t('Waargenomen huidtype', 'Skin type observed'),
      options: [
        option('normal', 'Normaal', 'Normal'),
        option('dry', 'Droog', 'Dry'),
        option('oily', 'Vet', 'Oily'),
        option('combination', 'Gecombineerd', 'Combination'),
        option('sensitive', 'Gevoelig', 'Sensitive'),
      ],
    },
    {
      id: 'observed-conditions',
      type: 'option',
      group: 'skin',
      allowMultiple: true,
      allowCustomValue: true,
      name: t('Wat zie je?', 'What do you see?'),
      options: [
        option('dehydration', 'Vochttekort', 'Dehydration'),
        option('pigment', 'Hyperpigmentatie', 'Hyperpigmentation'),
        option('couperose', 'Couperose', 'Couperose'),
        option('comedones', 'Comedonen', 'Comedones'),
        option('lines', 'Fijne lijntjes', 'Fine lines'),
      ],
    },
    {
      id: 'hydration',
      type: 'rating',
      group: 'skin',
      name: t('Hydratatie (1 = zeer droog, 5 = goed)', 'Hydration (1 = very dry, 5 = good)'),
    },
    {
      id: 'observation-photo',
      type: 'image',
      group: 'skin',
      name: t('Foto (optioneel)', 'Photo (optional)'),
    },
    {
      id: 'treatment-advice',
      type: 'string',
      group: 'advice',
      name: t('Advies en behandelplan', 'Advice and treatment plan'),
    },
  ],
}
