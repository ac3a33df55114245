package dev.conveyor.job;

import java.util.List;

/** One page of a job listing; {@code hasMore} says whether a next page has any job. */
public record JobPage(List<JobView> jobs, int page, int limit, boolean hasMore) {
}
