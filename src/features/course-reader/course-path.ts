/*
 * The course reader (issue 24) is shared by Blueprint (the organisation's trainings) and Academy
 * (the paid courses it owns): its links open a segment on the screen it is shown on, by this path
 * (both take `slug`, `courseId` and `?segment=`).
 */
export const BLUEPRINT_COURSE_PATH = '/$slug/admin/blueprint/$courseId'
export const ACADEMY_COURSE_PATH = '/$slug/admin/academy/$courseId'
export type CoursePath = typeof BLUEPRINT_COURSE_PATH | typeof ACADEMY_COURSE_PATH
