import type { AdviceAudio } from '../../../contract/advice'
import { AudioPlayer } from './audio-player'

/**
 * A Grow module's audio in the module drawer: the current recording (play it) and, for whoever
 * may change it, record or remove. `onChange(null)` removes the audio from the module.
 */
export function AudioField(props: {
  orgId: string
  salonId: string
  value: AdviceAudio | null
  onChange: (audio: AdviceAudio | null) => void
  label: string
  disabled?: boolean
}) {
  return props.value ? <AudioPlayer audio={props.value} label={props.label} /> : null
}
