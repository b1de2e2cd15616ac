# $0 and $PROGRAM_NAME name the script; assigning one changes both.
p $0, $PROGRAM_NAME, __FILE__, $0 == __FILE__
$0 = "renamed"
p $PROGRAM_NAME
$PROGRAM_NAME = "again"
p $0
p $$ == Process.pid, Process.pid.class
