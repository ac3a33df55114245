package dev.conveyor.common;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * A Quartz cron expression, as the manual uses (Quartz 1.4 form: seconds, minutes, hours,
 * day of month, month, day of week, optional year; e.g. {@code 0 0/5 * * * ?}), parsed by
 * cron-utils with its Quartz definition.
 */
public final class CronSchedule {

    private static final CronParser QUARTZ = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.QUARTZ));

    private final String expression;
    private final ExecutionTime executionTime;

    private CronSchedule(String expression, ExecutionTime executionTime) {
        this.expression = expression;
        this.executionTime = executionTime;
    }

    /** @throws IllegalArgumentException saying what is wrong with the expression */
    public static CronSchedule parse(String expression) {
        try {
            return new CronSchedule(expression, ExecutionTime.forCron(QUARTZ.parse(expression.strip())));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + expression + "' is not a Quartz cron expression "
                    + "(seconds minutes hours day-of-month month day-of-week [year], e.g. '0 0/5 * * * ?'): " + e.getMessage());
        }
    }

    /** The first firing strictly after {@code after}; empty when the expression never fires again. */
    public Optional<ZonedDateTime> next(ZonedDateTime after) {
        return executionTime.nextExecution(after);
    }

    /** Two schedules are equal when their expressions are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof CronSchedule schedule && schedule.expression.equals(expression);
    }

    @Override
    public int hashCode() {
        return expression.hashCode();
    }

    @Override
    public String toString() {
        return expression;
    }
}
