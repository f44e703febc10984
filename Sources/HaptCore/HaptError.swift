/// An error of hapt's libraries: a value with a one-line description that says what went
/// wrong (and names the file, where there is one), never a command-line option. Only the
/// `hapt` command line decides how a process ends because of it.
package protocol HaptError: Error, CustomStringConvertible {}
