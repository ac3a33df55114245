/** The admin password: hashing, checking and first-start creation, with nothing but the JDK. */
package dev.conveyor.security;
