public class Broken {
    public static void main(String[] args) {
        int x = "not a number";  // a type error
        System.out.println(x);
    }
}
