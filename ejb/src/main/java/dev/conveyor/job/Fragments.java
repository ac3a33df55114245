package dev.conveyor.job;

import dev.conveyor.files.Confinement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of a fan-out: a parent's results going out as its children's sources, and the
 * children's results coming back into the parent's stage folder ({@code fragments/00001/...}, in
 * index order), where the join operation finds them. Each step may be repeated after a crash.
 */
public final class Fragments {

    private Fragments() {
    }

    /** The result files of the parent's split run, in the order the operation made them (folders walked in name order). */
    public static List<Path> of(AttemptFolder split) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path unit : split.resultUnits()) {
            Path placed = split.output().resolve(unit);
            if (Files.isDirectory(placed, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> walk = Files.walk(placed)) {
                    walk.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).sorted().forEach(files::add);
                }
            } else {
                files.add(placed);
            }
        }
        return files;
    }

    /** Moves one fragment into its child's stage (made and checked as a claim makes it), unless an interrupted earlier attempt did. */
    public static void moveToChild(Path fragment, StageFolder child, String name, Confinement confinement) throws IOException {
        Path target = child.input(name);
        if (Files.exists(fragment, LinkOption.NOFOLLOW_LINKS)) {
            child.create(confinement);
            ResultFiles.placeOver(fragment, target, true);
        } else if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("fragment " + fragment + " is neither in the parent's stage nor in its child's");
        }
    }

    /** The folder of the parent's stage that holds every child's results. */
    public static Path folder(StageFolder parent) {
        return parent.jobFolder().resolve("fragments");
    }

    /**
     * Copies a finished child's results into the parent's stage, replacing what an earlier attempt
     * copied; both the parent's stage and each result's folder are checked first.
     */
    public static void returnToParent(Path childWatched, List<String> childResults, StageFolder parent, int index,
                                      Confinement confinement) throws IOException {
        parent.verify(confinement);
        // Checked down to the slot: through a link a dropper swapped in for fragments/, the slot's delete and copy would
        // reach wherever it points.
        Path slot = confinement.check(folder(parent).resolve(String.format("%05d", index)));
        ResultFiles.deleteTree(slot);
        confinement.ensure(slot);
        // Copied as they lie: a link among the children's results is copied as a link, never followed.
        for (String result : childResults) {
            Path file = childWatched.resolve(result);
            confinement.check(file.getParent());
            ResultFiles.copyTree(file, slot.resolve(file.getFileName().toString()));
        }
    }
}
