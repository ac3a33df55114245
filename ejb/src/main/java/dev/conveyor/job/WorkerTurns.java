package dev.conveyor.job;

import java.util.Map;

/**
 * How a worker shares its turns between JMS priorities: asked by the worker after each delivery,
 * answered by the priority package's worker pool.
 */
public interface WorkerTurns {

    /** How many jobs of each lower JMS priority a worker handed a job at {@code deliveredLevel} takes as well, lowest first. */
    Map<Integer, Integer> lentTurns(int deliveredLevel);

    /** A lent turn at {@code level} found nothing waiting there. */
    void foundEmpty(int level);
}
