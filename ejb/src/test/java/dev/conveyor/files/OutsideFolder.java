package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A folder beside the one a test deletes or empties, whose content must survive everything done through a link to it. */
final class OutsideFolder {

    private OutsideFolder() {
    }

    /** {@code root}/outside, holding deep/keep.txt. */
    static Path withAFile(Path root) throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside/deep"));
        Files.writeString(outside.resolve("keep.txt"), "not Conveyor's");
        return outside.getParent();
    }
}
