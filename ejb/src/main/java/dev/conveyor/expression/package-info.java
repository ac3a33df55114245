/**
 * Expressions over a job's attributes (Jakarta EL): the release signal ids and counts of waits and
 * notifies, and the conditions of priority rules. Dotted attribute names ({@code file.baseName},
 * {@code fragment.count}) read as EL property paths.
 */
package dev.conveyor.expression;
