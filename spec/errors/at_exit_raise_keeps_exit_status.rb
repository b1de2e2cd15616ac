# An at_exit handler's exception does not change the status of a program
# that ended with `exit`; a handler's own `exit` does.
trap(:EXIT) { raise "not reported" }
at_exit { raise "reported" }
at_exit { p $! }
exit 3
