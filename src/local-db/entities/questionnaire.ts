import { readOnlyEntity } from '../entity'

/** Questionnaires: read offline (to fill and to show submissions), changed online only. */
export const questionnaire = readOnlyEntity<'questionnaire'>((db) => db.questionnaires)
