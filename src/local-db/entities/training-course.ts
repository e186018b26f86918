import { readOnlyEntity } from '../entity'

/**
 * Trainings (issue 24): whole courses as the feed sends them to this employee (locked segments of
 * an "in order" course without content, until the completion before them reached the server);
 * read offline, written online only.
 */
export const trainingCourse = readOnlyEntity<'trainingCourse'>((db) => db.trainingCourses)
