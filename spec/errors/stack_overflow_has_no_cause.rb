# spec: stderr-first-line
# spec: skip-mode gc-stress two overflows of the stack take seconds under --gc-stress in a release build
# A SystemStackError raised while another exception is handled has no
# cause (MRI raises stack overflows without setting one up), so its report
# shows it alone.
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

def retry_deep = deep rescue deep
retry_deep
