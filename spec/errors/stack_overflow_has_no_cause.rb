# spec: skip-mode gc-stress overflowing the stack takes seconds under --gc-stress in a release build
# A SystemStackError raised while another exception is handled has no
# cause (MRI raises stack overflows without setting one up).
def deep = deep

begin
  begin
    raise "handled"
  rescue
    deep
  end
rescue SystemStackError => e
  p e.cause
end
