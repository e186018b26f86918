/** Messages of the questionnaire rules (English; the client translates by text). */
export const QUESTIONNAIRE_MSG = {
  /** Spec §8, verbatim. */
  unanswered: 'Some required questions have not been answered.',
  /** Spec §5 "Video URLs accept only YouTube and Vimeo". */
  videoUrl: 'Video URLs accept only YouTube and Vimeo.',
  /** Ours (issue 7 #10): an image is the organisation's own upload or a catalogue icon, never any URL. */
  imageSource: 'Upload the image here or choose one of the icons; links to other sites are not allowed.',
  icon: 'Choose an icon from the list.',
  /** Spec §5 "A questionnaire must be selected to send one". */
  selectQuestionnaire: 'A questionnaire must be selected',
  options: 'A dropdown question needs at least one option.',
  duplicateQuestion: 'Every question needs its own id.',
  duplicateOption: 'Every option needs its own id.',
  displayLogic: 'Display logic can only refer to an earlier question.',
  invalidAnswer: 'This answer does not fit the question.',
  unknownQuestion: 'This question is not part of the questionnaire.',
} as const
