package dev.conveyor.flow;

import dev.conveyor.common.MessageId;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Every 10 s, lifts the blocks of endpoints whose result volume has room again (see {@link FlowControl#resumeWhereSpaceReturned}). */
@Singleton
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SpaceWatch {

    private static final Logger LOG = Logger.getLogger(SpaceWatch.class.getName());

    @Inject
    FlowControl flow;

    /** Never lets an exception out: the container would cancel the timer. */
    @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
    void look() {
        try {
            flow.resumeWhereSpaceReturned();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.SPACE_WATCH_FAILED.format(e), e);
        }
    }
}
