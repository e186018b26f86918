import { Calendar, Hash, Image, Info, type LucideIcon, ListChecks, Star, ToggleLeft, Type } from 'lucide-react'
import type { QuestionType } from '../../../contract/questionnaires'

/** One icon per question type, in the add menu and on each question's header. */
export const TYPE_ICONS: Record<QuestionType, LucideIcon> = {
  string: Type,
  option: ListChecks,
  number: Hash,
  boolean: ToggleLeft,
  date: Calendar,
  rating: Star,
  image: Image,
  information: Info,
}
