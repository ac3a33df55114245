package dev.conveyor.files;

import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A folder Conveyor was about to use is not the folder it expects: a symbolic link stands where
 * a folder of its own should be, it lies outside the allowed roots, or it resolves elsewhere.
 * Nothing was done through it; the endpoint owning it is blocked with this message as reason.
 * Also a file Conveyor wrote and was about to read back that is no longer the file it wrote
 * ({@link Confinement#openWritten}): nothing was read from it.
 */
public final class UnsafeFolderException extends IOException {

    private final MessageId id;
    private final Path path;

    private UnsafeFolderException(MessageId id, Path path, Object... args) {
        super(id.format(args));
        this.id = id;
        this.path = path;
    }

    private UnsafeFolderException(MessageId id, Path path, String message, Throwable cause) {
        super(message, cause);
        this.id = id;
        this.path = path;
    }

    /** The same refusal, told with {@code path} and {@code message} (a held folder's parts named as they are). */
    UnsafeFolderException toldAs(Path path, String message) {
        return new UnsafeFolderException(id, path, message, this);
    }

    static UnsafeFolderException link(Path link, Object target) {
        return new UnsafeFolderException(MessageId.FOLDER_IS_LINK, link, link, target);
    }

    static UnsafeFolderException outsideRoots(Path folder, Object roots) {
        return new UnsafeFolderException(MessageId.FOLDER_OUTSIDE_ROOTS, folder, folder, roots);
    }

    static UnsafeFolderException notAsExpected(Path folder, String found) {
        return new UnsafeFolderException(MessageId.FOLDER_NOT_AS_EXPECTED, folder, folder, found);
    }

    static UnsafeFolderException fileNotAsWritten(Path file, String found) {
        return new UnsafeFolderException(MessageId.FILE_NOT_AS_WRITTEN, file, file, found);
    }

    /** True when a block's reason is one of these: the endpoint waits for its folder to be put right. */
    public static boolean isReasonOf(String blockedReason) {
        return blockedReason != null && Stream.of(MessageId.FOLDER_IS_LINK, MessageId.FOLDER_OUTSIDE_ROOTS, MessageId.FOLDER_NOT_AS_EXPECTED)
                .anyMatch(id -> blockedReason.startsWith(id.code() + " "));
    }

    public MessageId id() {
        return id;
    }

    /** The path at fault: the link itself, or the folder that is not what it should be. */
    public Path path() {
        return path;
    }
}
