package dev.conveyor.submit;

import static dev.conveyor.client.SubmissionProtocol.ENDPOINT;
import static dev.conveyor.client.SubmissionProtocol.FILE_NAME;
import static dev.conveyor.client.SubmissionProtocol.PATH;
import static dev.conveyor.client.SubmissionProtocol.QUEUE_SIZE;
import static dev.conveyor.client.SubmissionProtocol.REQUEST;
import static dev.conveyor.client.SubmissionProtocol.SUBMISSION_ID;

import dev.conveyor.client.SubmissionProtocol;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.AllowedRoots;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.Durably;
import dev.conveyor.files.PathNames;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.job.Admission;
import dev.conveyor.flow.FlowControl;
import dev.conveyor.job.InputQueue;
import dev.conveyor.flow.QueueMonitor;
import dev.conveyor.job.JobAttributes;
import dev.conveyor.job.JobIds;
import dev.conveyor.job.JobMessaging;
import dev.conveyor.job.JobService;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.StageFolder;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns a producer's request into an answer. A submission is refused with its reason (unknown or
 * paused endpoint, path outside the allowed roots, malformed), refused as FULL when the
 * endpoint's input queue has no room, or taken as a job through the same input queue as a
 * dropped file (STAGED; the endpoint's next scan queues it): a document is written into its job's
 * stage folder and admitted there, a server path is claimed by a rename. The answer goes to the
 * request's reply queue; a refused submission without one goes, unchanged, to the refused queue:
 * never dropped (a redelivery may put it there twice). A blocked endpoint still accepts until its
 * queue is full, so producers see it fill and back off.
 */
@Stateless
// Outside the delivery's transaction: each database step has its own, so the delivery's XA
// transaction holds only the broker. With the database in it too (as last agent, suspended
// around the claim), Payara's H2 pool went wrong under 16 concurrent producers ("Wrong XAState",
// connections evicted, deliveries rolled back). The answer is sent at once; a redelivery is
// answered again from the job the submission id finds.
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Submissions {

    /**
     * The largest document a submission may carry: 64 MiB. It is streamed to disk when accepted,
     * but a refused one without a reply queue is kept whole in a message for its producer; one
     * larger is kept without its document.
     */
    static final long MAX_DOCUMENT_BYTES = 64L << 20;

    private static final int BODY_CHUNK_BYTES = 64 * 1024;

    private static final Logger LOG = Logger.getLogger(Submissions.class.getName());

    @Inject
    EndpointService endpoints;

    @Inject
    JobService jobs;

    @Inject
    Jobs jobRows;

    @Inject
    FlowControl flow;

    @Inject
    QueueMonitor monitor;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    /**
     * Answers one request. The claim commits on its own first, so a redelivery after a failure
     * here finds the job by the submission id instead of making another.
     */
    public void take(Message request) throws JMSException {
        String endpoint = request.getStringProperty(ENDPOINT);
        String id = request.propertyExists(SUBMISSION_ID) ? request.getStringProperty(SUBMISSION_ID) : request.getJMSMessageID();
        Decision decision;
        try {
            EndpointConfig config = config(endpoint);
            decision = QUEUE_SIZE.equals(request.getStringProperty(REQUEST)) ? new Decision(Verdict.queueSizes(flow.queue(config)))
                    : submit(request, config, id);
        } catch (ConveyorException refused) {
            decision = new Decision(Verdict.refused(refused.id().code(), refused.getMessage()));
        }
        try {
            answer(request, id, endpoint, decision);
        } finally {
            if (decision.unadmittedCopy() != null) {
                deleteUpload(decision.unadmittedCopy());
            }
        }
    }

    /**
     * The verdict, and where the document was written when the verdict did not admit it: the
     * message's body has been read into that file, so a copy kept for the producer is made from it.
     */
    private record Decision(Verdict verdict, StageFolder unadmittedCopy, Path body) {

        Decision(Verdict verdict) {
            this(verdict, null, null);
        }
    }

    private EndpointConfig config(String name) {
        if (name == null || name.isBlank()) {
            throw new ConveyorException(MessageId.SUBMISSION_MALFORMED, "property " + ENDPOINT + " names no endpoint");
        }
        return endpoints.config(name).orElseThrow(() -> new ConveyorException(MessageId.ENDPOINT_NOT_FOUND, name));
    }

    private Decision submit(Message request, EndpointConfig endpoint, String id) throws JMSException {
        if (endpoint.state() == EndpointState.PAUSED) {
            return new Decision(Verdict.refused(MessageId.SUBMISSION_ENDPOINT_PAUSED, null, endpoint.name()));
        }
        Optional<String> earlier = jobRows.submitted(endpoint.name(), id);
        if (earlier.isPresent()) {
            // Checked before the document: a path submission's file has moved into that job's stage folder.
            return new Decision(Verdict.of(endpoint.name(), Admission.alreadyAccepted(earlier.get(), flow.queue(endpoint))));
        }
        InputQueue queue = flow.queue(endpoint);
        if (queue.isFull()) {
            // Refused before the body is written; the claim below checks again under the lock.
            return new Decision(Verdict.of(endpoint.name(), Admission.full(queue)));
        }
        Map<String, String> attributes = attributes(request);
        if (request.propertyExists(PATH)) {
            Path path = allowedPath(request.getStringProperty(PATH));
            Admission admission = jobs.claim(endpoint, path, attributes, id);
            if (admission.result() == Admission.Result.ACCEPTED) {
                syncClaimed(endpoint, admission.jobId(), path);
            }
            return decided(endpoint, admission, null, null);
        }
        String name = documentName(request);
        StageFolder copy = upload((BytesMessage) request, endpoint, name);
        return decided(endpoint, jobs.admitCopy(endpoint, copy, name, attributes, id), copy, copy.input(name));
    }

    private Decision decided(EndpointConfig endpoint, Admission admission, StageFolder copy, Path body) {
        monitor.observe(endpoint, admission.queue());
        Verdict verdict = Verdict.of(endpoint.name(), admission);
        return copy == null || admission.result() == Admission.Result.ACCEPTED ? new Decision(verdict) : new Decision(verdict, copy, body);
    }

    /**
     * A path a producer submits: below an allowed root and inside a folder declared for producers,
     * never in a folder Conveyor writes for an endpoint (its watched folder with stage and results,
     * or an absolute output folder), so a producer cannot take another job's staged files or results.
     */
    private Path allowedPath(String given) {
        AllowedRoots roots = new AllowedRoots(ConveyorHome.allowedRoots());
        Path path = roots.resolve(given).orElseThrow(() -> new ConveyorException(MessageId.SUBMISSION_PATH_REFUSED, given,
                "it is outside the allowed roots " + roots.roots()));
        List<Path> declared = ConveyorHome.producerFolders();
        if (declared.stream().noneMatch(folder -> path.startsWith(folder) && !path.equals(folder))) {
            throw new ConveyorException(MessageId.SUBMISSION_PATH_REFUSED, given, declared.isEmpty()
                    ? "no folder is declared for producers (CONVEYOR_PRODUCER_FOLDERS)"
                    : "it is not inside a folder declared for producers " + declared);
        }
        for (EndpointConfig endpoint : endpoints.configs()) {
            for (Path own : endpoint.ownFolders()) {
                if (path.startsWith(own)) {
                    throw new ConveyorException(MessageId.SUBMISSION_PATH_REFUSED, given, "it lies in " + own
                            + ", a folder Conveyor writes for endpoint '" + endpoint.name() + "'");
                }
            }
        }
        if (Files.notExists(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new ConveyorException(MessageId.SUBMISSION_PATH_REFUSED, given, "it does not exist");
        }
        return path;
    }

    /**
     * Forces a claimed path's rename to disk before the producer hears ACCEPTED: the job's stage
     * folder with what moved into it, and the folder the path left. The claim has committed; should
     * this fail, the delivery fails and its redelivery is answered from the job.
     */
    private static void syncClaimed(EndpointConfig endpoint, String jobId, Path claimed) {
        try {
            Durably.sync(StageFolder.of(endpoint.folder(), jobId).jobFolder());
            Durably.force(claimed.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The plain file name a document is submitted under: a BytesMessage's {@code FILE_NAME}. */
    private static String documentName(Message request) throws JMSException {
        String name = request.getStringProperty(FILE_NAME);
        if (request instanceof ObjectMessage) {
            throw new ConveyorException(MessageId.SUBMISSION_MALFORMED, "an ObjectMessage is never deserialized; send the document "
                    + "as a BytesMessage with its file name in " + FILE_NAME);
        }
        if (!(request instanceof BytesMessage) || name == null || name.isBlank()) {
            throw new ConveyorException(MessageId.SUBMISSION_MALFORMED, "a document is a BytesMessage with a plain file name in "
                    + FILE_NAME + ", or a server path in " + PATH);
        }
        String problem = PathNames.problemWith(name);
        if (problem != null) {
            throw new ConveyorException(MessageId.SUBMISSION_MALFORMED, FILE_NAME + " must be a plain file name, but " + problem);
        }
        return name;
    }

    /**
     * Streams the body straight into the stage folder of the job it will become, marked as a copy,
     * a chunk at a time (a large message reaches the client in chunks too, so no submission is
     * held whole in memory): should the admission never commit, recovery deletes the copy rather
     * than returning it to the input folder, since the broker redelivers the message. On disk,
     * entries and all, before the producer can hear ACCEPTED.
     */
    private StageFolder upload(BytesMessage request, EndpointConfig endpoint, String name) throws JMSException {
        long size = request.getBodyLength();
        if (size > MAX_DOCUMENT_BYTES) {
            throw new ConveyorException(MessageId.SUBMISSION_MALFORMED, "the document has " + size + " bytes, more than the "
                    + MAX_DOCUMENT_BYTES + " a submission may carry; submit a larger file by " + PATH + " or drop it into the watched folder");
        }
        StageFolder copy = StageFolder.of(endpoint.folder(), JobIds.next());
        try {
            copy.createForCopy(Confinement.ofAllowedRoots());
            try (OutputStream out = Files.newOutputStream(copy.input(name), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                byte[] chunk = new byte[BODY_CHUNK_BYTES];
                for (int read; (read = request.readBytes(chunk)) != -1; ) {
                    out.write(chunk, 0, read);
                }
            }
            Durably.sync(copy.jobFolder());
            return copy;
        } catch (UnsafeFolderException e) {
            endpoints.blockUnsafe(endpoint.name(), e);
            throw new UncheckedIOException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The document as written, read back for the refused queue (which producers read): its folder
     * checked and the file opened without following a link, since droppers can write where it lies.
     */
    private static byte[] readAll(Path file) {
        try (var in = Confinement.ofAllowedRoots().openWritten(file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteUpload(StageFolder copy) {
        try {
            copy.delete();
        } catch (IOException e) {
            LOG.log(Level.WARNING, MessageId.STAGE_LEFT_FOR_RECOVERY.format(copy.jobFolder(), e));
        }
    }

    /** Every property that is not the protocol's becomes a job attribute, as text; Conveyor's own attributes cannot be given. */
    private static Map<String, String> attributes(Message request) throws JMSException {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Object name : Collections.list(request.getPropertyNames())) {
            String property = (String) name;
            if (JobAttributes.isConveyors(property)) {
                throw new ConveyorException(MessageId.SUBMISSION_MALFORMED, "property '" + property
                        + "' is Conveyor's own job attribute; a producer cannot set it (rename it, e.g. customer." + property + ")");
            }
            if (!SubmissionProtocol.isProtocolProperty(property)) {
                attributes.put(property, String.valueOf(request.getObjectProperty(property)));
            }
        }
        return attributes;
    }

    private void answer(Message request, String id, String endpoint, Decision decision) throws JMSException {
        Verdict verdict = decision.verdict();
        Destination replyTo = request.getJMSReplyTo();
        if (replyTo != null) {
            Message reply = jms.createMessage();
            reply.setJMSCorrelationID(id);
            describe(reply, verdict);
            try {
                jms.createProducer().send(replyTo, reply);
            } catch (InvalidDestinationRuntimeException producerGone) {
                // The producer closed its input before the answer came; the outcome stands (a
                // repeated put with the same submission id is told the same).
                LOG.fine(() -> "reply queue of submission " + id + " is gone: " + producerGone);
            }
        } else if (verdict.notTaken()) {
            long bodyBytes = request instanceof BytesMessage bytes ? bytes.getBodyLength() : 0;
            boolean withBody = Verdict.keepsBody(bodyBytes);
            Message kept = copyOf(request, withBody, decision.body());
            verdict = withBody ? verdict : verdict.withoutBody(bodyBytes);
            describe(kept, verdict);
            jms.createProducer().send(jms.createQueue(SubmissionProtocol.REFUSED_QUEUE), kept);
            LOG.warning(MessageId.SUBMISSION_REFUSED.format(id, endpoint, SubmissionProtocol.REFUSED_QUEUE,
                    verdict.code() + " " + verdict.reason()));
        }
    }

    private static void describe(Message message, Verdict verdict) throws JMSException {
        message.setStringProperty(SubmissionProtocol.STATUS, verdict.status().name());
        if (verdict.jobId() != null) {
            message.setStringProperty(SubmissionProtocol.JOB_ID, verdict.jobId());
        }
        if (verdict.code() != null) {
            message.setStringProperty(SubmissionProtocol.CODE, verdict.code());
            message.setStringProperty(SubmissionProtocol.REASON, verdict.reason());
        }
        InputQueue queue = verdict.queue();
        if (queue != null) {
            message.setIntProperty(SubmissionProtocol.MAX_QUEUE_SIZE, queue.maxQueueSize());
            message.setIntProperty(SubmissionProtocol.FREE_QUEUE_SIZE, queue.freeQueueSize());
            message.setIntProperty(SubmissionProtocol.QUEUED_JOBS, queue.queuedJobs());
            message.setIntProperty(SubmissionProtocol.FREE_QUEUE_SIZE_THRESHOLD, queue.freeQueueSizeThreshold());
        }
    }

    /**
     * The request as sent (body and the producer's properties), for the refused queue; the body
     * from {@code writtenBody} when the message's was read into that file already. Without
     * {@code withBody} (a document too large to keep, {@link Verdict#keepsBody}) the body is left
     * unread: the copy is a plain message with the properties alone.
     */
    private Message copyOf(Message request, boolean withBody, Path writtenBody) throws JMSException {
        Message copy;
        if (request instanceof BytesMessage && withBody) {
            BytesMessage bytes = jms.createBytesMessage();
            bytes.writeBytes(writtenBody == null ? request.getBody(byte[].class) : readAll(writtenBody));
            copy = bytes;
        } else {
            copy = jms.createMessage();
        }
        for (Object name : Collections.list(request.getPropertyNames())) {
            String property = (String) name;
            if (!property.startsWith("JMS") && !property.startsWith("_")) {
                copy.setObjectProperty(property, request.getObjectProperty(property));
            }
        }
        return copy;
    }
}
