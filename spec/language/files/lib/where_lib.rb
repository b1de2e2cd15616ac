module WhereLib
  FILE = __FILE__
  IS_MAIN = (__FILE__ == $0)
  PROGRAM = $0
  LINE = __LINE__

  def self.base = File.basename(FILE)
  def self.main_file? = IS_MAIN
  def self.program = PROGRAM
  def self.line = LINE
end
