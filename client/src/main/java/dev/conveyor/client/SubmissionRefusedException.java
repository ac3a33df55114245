package dev.conveyor.client;

/**
 * The job was NOT accepted and putting it again will not help until something changes: the
 * endpoint is unknown or paused, the path is outside the server's allowed roots, or the
 * submission is malformed. {@link #getCode()} is the server's message id (CNV-...).
 */
public class SubmissionRefusedException extends ConveyorClientException {

    private final String code;

    public SubmissionRefusedException(String code, String reason) {
        super(code + " " + reason);
        this.code = code;
    }

    public String getCode() {
        return code;
    }
}
