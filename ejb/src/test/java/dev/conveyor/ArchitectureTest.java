package dev.conveyor;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.constructors;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.conveyor.job.Job;
import dev.conveyor.job.JobFactory;

/**
 * The package graph of docs/architecture.md, held against the compiled classes: dependencies flow
 * one way, a job knows nothing of what reacts to it, and one factory makes every job.
 */
@AnalyzeClasses(packages = "dev.conveyor", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noTwoPackagesDependOnEachOther = slices().matching("dev.conveyor.(*)..")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule jobDependsOnNoneOfWhatReactsToJobs = noClasses().that().resideInAPackage("dev.conveyor.job..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.conveyor.signal..", "dev.conveyor.flow..",
                    "dev.conveyor.priority..", "dev.conveyor.scan..")
            .because("what happens when a job ends is an observer or a port defined in job and implemented there");

    @ArchTest
    static final ArchRule onlyTheFactoryMakesJobs = constructors().that().areDeclaredIn(Job.class).and().arePublic()
            .should().onlyBeCalled().byClassesThat().belongToAnyOf(JobFactory.class)
            .because("claims, submissions, retries and fan-out children all start as one kind of job");
}
