/**
 * Messages of the questionnaire rules, sending and uploads (English, the spec's text where it has
 * one). Keys of locales/<lang>/validation.json under `questionnaire.`, `send.` and `upload.`;
 * see ../messages for how a field problem names one.
 */
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

/** Spec §8 texts of sending a questionnaire, per customer and afterwards. */
export const SEND_MSG = {
  noPhone: 'Customer does not have a phone number.',
  notificationType: 'Customer does not accept this notification type.',
  noCredits: 'Not enough Whatsapp credits.',
  customerNotFound: 'Customer not found.',
  failedTo: 'Failed to send questionnaire to: {{names}}.',
  /** Ours (issue 7 #13): this customer got as many messages as the window allows. */
  tooMany: 'This customer has received too many messages; try again in 15 minutes.',
} as const

/** An uploaded image that is not accepted. */
export const UPLOAD_MSG = {
  imageType: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
  imageSize: 'The image may be at most 5 MB.',
  audioType: 'Only MP3 audio files can be uploaded.',
  audioSize: 'The audio file may be at most 50 MB.',
} as const
